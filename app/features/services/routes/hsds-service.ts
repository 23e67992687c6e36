/**
 * GET /api/hsds/services/:id: one active service, fully nested, as HSDS 3.0 JSON with 3.1's
 * `capacities` (docs/decisions/230-hsds-capacity.md)
 * (docs/decisions/166-hsds-export.md); 404 with a JSON message otherwise.
 */
import { exportService } from "../hsds/export.server";

export async function loader({ params }: { params: { id?: string } }) {
  const id = params.id ?? "";
  const service = /^[^\s]{1,200}$/.test(id) ? await exportService(id) : null;
  if (!service) return Response.json({ error: "No active service has this id" }, { status: 404 });
  return Response.json(service, {
    headers: { "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" },
  });
}
