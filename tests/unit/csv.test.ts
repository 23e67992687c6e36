import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { csvResponse, neutraliseCell, toCsv } from "#app/lib/csv.server";

const BOM = "\uFEFF";

function readBack(csv: string): string[][] {
  return parse(csv, { bom: true, relax_column_count: false });
}

// docs/decisions/061-csv-exports.md
describe("CSV exports", () => {
  test("a header row, CRLF line ends and a UTF-8 byte-order mark", () => {
    const csv = toCsv(["Name", "Email", "Date"], [["Ana", "ana@example.org", "2026-01-31 09:05"]]);
    expect(csv).toBe(`${BOM}Name,Email,Date\r\nAna,ana@example.org,2026-01-31 09:05\r\n`);
  });

  test("names with commas, quotes, newlines and non-ASCII characters round-trip", () => {
    const rows = [
      ['Ramírez, "Chuy" José', "chuy@example.org"],
      ["Line one\nline two\r\nthree", "nguyễn@example.org"],
      ["東京 😀", "O'Brien@example.org"],
    ];
    expect(readBack(toCsv(["Name", "Email"], rows))).toEqual([["Name", "Email"], ...rows]);
  });

  test.each([
    ['=HYPERLINK("http://evil")', '\'=HYPERLINK("http://evil")'],
    ["+1 555 0100", "'+1 555 0100"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["Ana = Bob", "Ana = Bob"],
    ["", ""],
  ])("neutralises %j as %j", (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
    expect(readBack(toCsv(["Name"], [[input]]))[1][0]).toBe(output);
  });

  test("any text comes back unchanged, or with one apostrophe before a formula start", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 2, maxLength: 2 })),
        (rows) => {
          const back = readBack(toCsv(["A", "B"], rows)).slice(1);
          expect(back).toEqual(rows.map((row) => row.map(neutraliseCell)));
          for (const cell of back.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        },
      ),
    );
  });

  test("is served as a download with the given name", async () => {
    const response = csvResponse("subscribers.csv", toCsv(["Name"], [["Ana"]]));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="subscribers.csv"',
    );
    expect(await response.text()).toContain("Ana");
  });
});
