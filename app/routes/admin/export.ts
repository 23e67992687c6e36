import { dateRangeSchema } from "#app/lib/admin/dates.server";
import { exportFor } from "#app/lib/admin/exports.server";
import { requireRole, requireUser } from "#app/lib/auth.server";
import { csvResponse, toCsv } from "#app/lib/csv.server";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/export";

/**
 * GET /admin/export/<name>.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: a CSV download (D12); a file may
 * read its own filters from the same query (donations.csv: ?status=&type=).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const csv = exportFor(params.file);
  if (!csv) throw new Response("Not found", { status: 404 });
  await requireRole(request, csv.roles);

  const back = `/admin/${csv.tab}`;
  const url = new URL(request.url);
  const range = dateRangeSchema.safeParse({
    from: url.searchParams.get("from") ?? undefined,
    to: url.searchParams.get("to") ?? undefined,
  });
  if (!range.success) {
    return redirectWithToast(back, {
      type: "error",
      title: "Invalid date range",
      description: range.error.issues[0].message,
    });
  }

  let rows: string[][];
  try {
    rows = await csv.rows(range.data, url.searchParams);
  } catch (error) {
    logger.error({ err: error, file: params.file }, "export failed");
    return redirectWithToast(back, {
      type: "error",
      title: "Export failed",
      description: "Please try again later.",
    });
  }
  if (rows.length === 0) {
    return redirectWithToast(back, {
      type: "error",
      title: csv.emptyMessage,
      description:
        range.data.from || range.data.to ? "Nothing was recorded in the chosen dates." : undefined,
    });
  }
  return csvResponse(params.file, toCsv(csv.columns, rows));
}
