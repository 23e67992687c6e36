/**
 * When memory runs short, the log says so in one line naming the setting to change
 * (docs/decisions/219-first-start-from-a-template.md): a process killed for its memory, or V8's
 * "heap out of memory", leaves the operator nothing else to go on.
 */
import { readFileSync } from "node:fs";
import v8 from "node:v8";
import type { Logger } from "pino";

/** The server's highest resident memory: a first start on a fresh DATA_DIR, measured by npm run bench. */
export const SERVER_PEAK_MB = 350;
const MB = 1024 * 1024;

/** The memory limit of this process's control group (containers, systemd's MemoryMax), if any. */
export function cgroupMemoryLimit(
  files = ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"],
): number | undefined {
  for (const file of files) {
    try {
      const value = readFileSync(file, "utf8").trim();
      // "max" (v2) or a number near 2^63 (v1) means no limit.
      if (value === "max") return undefined;
      const bytes = Number(value);
      if (Number.isFinite(bytes) && bytes < 2 ** 50) return bytes;
      return undefined;
    } catch {
      // not this cgroup version
    }
  }
  return undefined;
}

/** The one line a start logs when the host allows less memory than the server's peak. */
export function memoryLimitWarning(limitBytes: number | undefined): string | undefined {
  if (limitBytes === undefined || limitBytes >= SERVER_PEAK_MB * MB) return undefined;
  return `Memory: this host allows the server ${Math.round(limitBytes / MB)} MB and it needs up to ${SERVER_PEAK_MB} MB: raise the container's or service's memory limit, or set DATABASE_URL to use a PostgreSQL server`;
}

/**
 * The old generation's limit: `--max-old-space-size` when given (the setting the warning names),
 * else V8's whole heap limit. V8's own heap_size_limit adds the young generation, which a heap
 * running out never fills.
 */
function oldGenerationLimit(): number {
  const flag = process.execArgv.findLast((arg) => arg.startsWith("--max-old-space-size="));
  if (flag) return Number(flag.split("=")[1]) * MB;
  return v8.getHeapStatistics().heap_size_limit;
}

/**
 * What counts towards that limit: everything on the heap but the young generation's semi-spaces
 * (large new objects are counted: they are promoted without being copied).
 */
function oldGenerationUsed(): number {
  return v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_name !== "new_space")
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

/** The one line logged once the JavaScript heap passes `share` of its limit. */
export function heapWarning(
  usedBytes: number,
  limitBytes: number,
  share = 0.9,
): string | undefined {
  if (usedBytes < share * limitBytes) return undefined;
  return `Memory: the JavaScript heap holds ${Math.round(usedBytes / MB)} MB of its ${Math.round(limitBytes / MB)} MB limit: if the server stops with "heap out of memory", raise --max-old-space-size in package.json's "serve" script`;
}

/**
 * Warns at start if the host's limit is below the server's peak, then checks the heap four times a
 * second and warns once when it nears its limit (the timer never holds the process open).
 */
export function watchMemory(log: Pick<Logger, "warn">) {
  const limitWarning = memoryLimitWarning(cgroupMemoryLimit());
  if (limitWarning) log.warn(limitWarning);
  const limit = oldGenerationLimit();
  const timer = setInterval(() => {
    const warning = heapWarning(oldGenerationUsed(), limit);
    if (!warning) return;
    log.warn(warning);
    clearInterval(timer);
  }, 250);
  timer.unref();
}
