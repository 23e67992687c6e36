/**
 * GET /api/hsds/services: a page of the active services as HSDS 3.0 JSON (with 3.1's `capacities`:
 * docs/decisions/230-hsds-capacity.md), as the specification's
 * schema/openapi.json defines it (docs/decisions/166-hsds-export.md).
 */
import { logger } from "#app/lib/logger.server";
import { exportServicesPage } from "../hsds/export.server";
import { parseExportQuery } from "./hsds-query";

const HEADERS = { "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" };

export async function loader({ request }: { request: Request }) {
  const parsed = parseExportQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return Response.json({ error: parsed.message }, { status: 400 });
  try {
    return Response.json(await exportServicesPage(parsed.query), { headers: HEADERS });
  } catch (error) {
    logger.error({ err: error }, "HSDS export failed");
    return Response.json(
      { error: "The directory is unavailable; try again shortly" },
      { status: 503 },
    );
  }
}
