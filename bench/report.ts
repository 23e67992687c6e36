/** The bench's table: one row per performance figure, printed and written as JSON. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface Row {
  figure: string;
  target: string;
  measured: string;
  /** null when the figure could not be measured in this run (and why is in `measured` or `error`). */
  pass: boolean | null;
  /** Set when the figure cannot be true (a measuring error): printed "error", never a pass. */
  error?: string;
}

export function row(figure: string, target: string, measured: string, pass: boolean | null): Row {
  return { figure, target, measured, pass };
}

/** A figure that cannot be true, e.g. a server faster than the bare server sending the same bytes. */
export function invalidRow(figure: string, target: string, measured: string, error: string): Row {
  return { figure, target, measured: `${measured}: ${error}`, pass: null, error };
}

function verdict(r: Row) {
  if (r.error) return "error";
  if (r.pass === null) return "n/a";
  return r.pass ? "pass" : "miss";
}

export function printTable(rows: Row[]) {
  const widths = {
    figure: Math.max(6, ...rows.map((r) => r.figure.length)),
    target: Math.max(6, ...rows.map((r) => r.target.length)),
    measured: Math.max(8, ...rows.map((r) => r.measured.length)),
  };
  const line = (figure: string, target: string, measured: string, status: string) =>
    `| ${figure.padEnd(widths.figure)} | ${target.padEnd(widths.target)} | ${measured.padEnd(widths.measured)} | ${status.padEnd(5)} |`;
  console.log(line("figure", "target", "measured", "pass"));
  console.log(
    `|${"-".repeat(widths.figure + 2)}|${"-".repeat(widths.target + 2)}|${"-".repeat(widths.measured + 2)}|-------|`,
  );
  for (const r of rows) {
    console.log(line(r.figure, r.target, r.measured, verdict(r)));
  }
}

/** Writes bench/results/<time>.json and returns its path. */
export function writeResults(
  rows: Row[],
  details: Record<string, unknown>,
  smoke: boolean,
): string {
  const directory = path.join(import.meta.dirname, "results");
  mkdirSync(directory, { recursive: true });
  const at = new Date().toISOString();
  const file = path.join(directory, `${at.replace(/[:.]/g, "-")}${smoke ? "-smoke" : ""}.json`);
  writeFileSync(file, `${JSON.stringify({ at, smoke, rows, details }, null, 2)}\n`);
  return file;
}
