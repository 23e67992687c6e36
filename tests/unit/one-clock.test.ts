// One clock and one Houston calendar (docs/decisions/265-features-through-front-doors.md): the
// server reads "now" only through app/lib/clock.server.ts, and Houston's time zone is named only
// in app/lib/houston-calendar.ts (the service worker, which runs in the browser, aside).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

const serverModules = [...sourceFiles("app"), ...sourceFiles("server")].filter(
  (file) => file.startsWith("server/") || /\.server\.tsx?$/.test(file),
);

/** The files of `files` whose text matches `pattern`, with the matching line's number. */
function offenders(files: string[], pattern: RegExp, allowed: string[]) {
  return files
    .filter((file) => !allowed.includes(file))
    .flatMap((file) =>
      readFileSync(path.resolve(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])),
    );
}

describe("one clock", () => {
  test("no server module reads the real clock but the clock's own", () => {
    expect(serverModules.length).toBeGreaterThan(100);
    expect(offenders(serverModules, /new Date\(\)/, ["app/lib/clock.server.ts"])).toEqual([]);
  });

  test("the check sees a planted reading of the real clock", () => {
    const planted = path.join(mkdtempSync(path.join(os.tmpdir(), "clock-")), "gifts.server.ts");
    writeFileSync(planted, "export const paidAt = () =>\n  new Date();\n");
    expect(offenders([planted], /new Date\(\)/, [])).toEqual([`${planted}:2`]);
  });

  test("Houston's time zone is named in one module of the app and the server", () => {
    const everything = [...sourceFiles("app"), ...sourceFiles("server")];
    expect(offenders(everything, /America\/Chicago/, ["app/lib/houston-calendar.ts"])).toEqual([]);
  });
});
