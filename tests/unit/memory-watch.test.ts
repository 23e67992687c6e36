import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import {
  cgroupMemoryLimit,
  heapWarning,
  memoryLimitWarning,
  SERVER_PEAK_MB,
} from "../../server/memory-watch";

const MB = 1024 * 1024;

test("the control group's memory limit is read from cgroup v2 or v1, and 'no limit' is none", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "cgroup-"));
  const file = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  expect(cgroupMemoryLimit([file("v2", "536870912\n")])).toBe(512 * MB);
  expect(cgroupMemoryLimit([file("v2-none", "max\n")])).toBeUndefined();
  // cgroup v1 writes a number near 2^63 for "no limit".
  expect(cgroupMemoryLimit([file("v1-none", "9223372036854771712\n")])).toBeUndefined();
  expect(cgroupMemoryLimit([path.join(dir, "missing"), file("v1", "268435456")])).toBe(256 * MB);
  expect(cgroupMemoryLimit([path.join(dir, "missing")])).toBeUndefined();
});

test("a host allowing less than the server's peak is named in one line with what to change", () => {
  expect(memoryLimitWarning(undefined)).toBeUndefined();
  expect(memoryLimitWarning(512 * MB)).toBeUndefined();
  expect(memoryLimitWarning(SERVER_PEAK_MB * MB)).toBeUndefined();
  const warning = memoryLimitWarning(256 * MB);
  expect(warning).toBe(
    `Memory: this host allows the server 256 MB and it needs up to ${SERVER_PEAK_MB} MB: raise the container's or service's memory limit, or set DATABASE_URL to use a PostgreSQL server`,
  );
  expect(warning).not.toContain("\n");
});

test("the heap warning comes at 90% of the limit and names the serve script's flag", () => {
  expect(heapWarning(100 * MB, 128 * MB)).toBeUndefined();
  expect(heapWarning(116 * MB, 128 * MB)).toMatch(
    /^Memory: the JavaScript heap holds 116 MB of its 128 MB limit: .*raise --max-old-space-size in package\.json's "serve" script$/,
  );
});

test("a process whose heap runs out logs the warning before V8 stops it", () => {
  // A real process with a small heap, filled a little at a time as a leaking server would be.
  const script = `
    import { logger } from "./app/lib/logger.server.ts";
    import { watchMemory } from "./server/memory-watch.ts";
    watchMemory(logger);
    const kept = [];
    const fill = () => { kept.push(new Array(100_000).fill(kept.length)); setTimeout(fill, 100); };
    fill();
  `;
  const child = spawnSync(
    process.execPath,
    ["--max-old-space-size=48", "--import", "tsx", "--input-type=module", "-e", script],
    {
      cwd: path.resolve(import.meta.dirname, "../.."),
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, LOG_LEVEL: "warn" },
    },
  );
  expect(child.stderr).toContain("JavaScript heap out of memory");
  // The app's log, one JSON line each: the warning was written before the process died.
  const warnings = child.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line).msg as string);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(/raise --max-old-space-size in package\.json's "serve" script/);
}, 60_000);
