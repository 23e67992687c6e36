import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";

// A spreadsheet treats a cell starting with one of these as a formula
// (docs/decisions/061-csv-exports.md).
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a leading formula character with an apostrophe so spreadsheets show it as text. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A CSV document (RFC 4180: quoted as needed, CRLF line ends) with a UTF-8 byte-order mark, so
 * Excel reads accented names correctly; every cell is neutralised against formula injection.
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify(
    [columns, ...rows].map((row) => row.map(neutraliseCell)),
    { bom: true, record_delimiter: "windows" },
  );
}

/**
 * The same document as `toCsv`, written batch by batch as the rows arrive (an export of any size
 * streams from the database to the response, docs/decisions/134-streamed-exports.md); backpressure
 * pauses the reading.
 */
export function csvStream(
  columns: readonly string[],
  batches: AsyncIterable<readonly (readonly string[])[]>,
): ReadableStream<Uint8Array> {
  async function* chunks() {
    yield Buffer.from(toCsv(columns, []));
    for await (const batch of batches) {
      const text = stringify(
        batch.map((row) => row.map(neutraliseCell)),
        { record_delimiter: "windows" },
      );
      yield Buffer.from(text);
    }
  }
  return Readable.toWeb(Readable.from(chunks())) as ReadableStream<Uint8Array>;
}

/** A download response for a CSV document under the given file name. */
export function csvResponse(fileName: string, body: string | ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
