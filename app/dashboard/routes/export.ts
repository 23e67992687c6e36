import { exportFor } from "#app/dashboard/exports.server";
import { dateRangeSchema } from "#app/lib/admin/dates.server";
import { requireRole, requireUser } from "#app/lib/auth/session.server";
import { csvResponse, csvStream } from "#app/lib/csv.server";
import { logger } from "#app/lib/logger.server";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/export";

/** Exports per staff account: enough for a day's work, not for scraping the database in a loop. */
export const EXPORT_LIMIT = { points: 30, durationSeconds: 10 * 60 };

/**
 * GET /admin/export/<name>.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: a CSV download
 * (docs/decisions/061-csv-exports.md); a file may read its own filters from the same query
 * (donations.csv: ?status=&type=). The rows stream from the database to the response in batches, so
 * memory stays flat whatever the size (docs/decisions/134-streamed-exports.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const csv = exportFor(params.file);
  if (!csv) throw new Response("Not found", { status: 404 });
  await requireRole(request, csv.roles);

  const back = `/admin/${csv.tab}`;
  const wait = await consumeRateLimit("export", user.id, EXPORT_LIMIT);
  if (wait !== null) {
    return redirectWithToast(back, {
      type: "error",
      title: "Too many exports",
      description: `Please wait ${Math.ceil(wait / 60)} minute(s) and try again.`,
    });
  }
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

  // The first batch is read before answering: an empty export or a failing database still gets
  // its message; a failure later cuts the download, which the browser reports as failed.
  const batches = csv.rows(range.data, url.searchParams)[Symbol.asyncIterator]();
  let first: IteratorResult<string[][]>;
  try {
    first = await batches.next();
  } catch (error) {
    logger.error({ err: error, file: params.file }, "export failed");
    return redirectWithToast(back, {
      type: "error",
      title: "Export failed",
      description: "Please try again later.",
    });
  }
  if (first.done || first.value.length === 0) {
    return redirectWithToast(back, {
      type: "error",
      title: csv.emptyMessage,
      description:
        range.data.from || range.data.to ? "Nothing was recorded in the chosen dates." : undefined,
    });
  }
  async function* all() {
    yield first.value as string[][];
    try {
      for (let next = await batches.next(); !next.done; next = await batches.next()) {
        yield next.value;
      }
    } catch (error) {
      logger.error({ err: error, file: params.file }, "export failed while streaming");
      throw error;
    }
  }
  return csvResponse(params.file, csvStream(csv.columns, all()));
}
