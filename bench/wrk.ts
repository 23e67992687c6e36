/**
 * The bench's load generator: wrk (Debian package `wrk`), in its own process, so that the server
 * is measured rather than the generator (autocannon inside the bench's own Node process stopped
 * near 7,000 requests a second on these hosts: docs/decisions/217-wrk-sends-the-bench-load.md).
 * wrk's own summary is not parsed: bench/wrk-report.lua prints one JSON line at the end of the run.
 */
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";

const REPORT_SCRIPT = path.join(import.meta.dirname, "wrk-report.lua");
/** A request slower than this counts as a timeout error (autocannon's default was 10 s too). */
const TIMEOUT = "10s";

export interface WrkOptions {
  connections: number;
  seconds: number;
  /** Sent with every request, as a browser would (e.g. Accept-Encoding). */
  headers?: Record<string, string>;
  /** Default: one per core, at most one per connection. */
  threads?: number;
}

export interface Load {
  url: string;
  connections: number;
  threads: number;
  /** Requests answered per second, over wrk's measured duration. */
  rps: number;
  requests: number;
  bytes: number;
  seconds: number;
  /** Latency percentiles and maximum, ms (wrk measures microseconds). */
  p50: number;
  p99: number;
  max: number;
  /** The status of one request sent before the load. */
  firstStatus: number;
  /** Socket errors and timeouts as wrk counts them. */
  socketErrors: { connect: number; read: number; write: number; timeout: number };
  /**
   * Answers not 2xx: wrk counts those of status 400 and above; a 1xx or 3xx is caught by the
   * request sent first (every answer is counted non-2xx when that one is not 2xx).
   */
  non2xx: number;
  /** Socket errors, timeouts and non-2xx answers: what must be 0. */
  errors: number;
}

interface WrkReport {
  requests: number;
  durationUs: number;
  bytes: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latencyUs: { p50: number | null; p99: number | null; max: number | null; mean: number | null };
}

let checked: string | null = null;

/** wrk's version line ("wrk debian/4.1.0-3+b2 [epoll]"); throws when wrk is not installed. */
export function wrkVersion(): string {
  if (checked) return checked;
  const result = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  if (result.error) {
    throw new Error(
      "wrk is not installed: the bench sends its load with it (Debian: apt-get install wrk; .ci/run installs it)",
    );
  }
  checked = `${result.stdout}${result.stderr}`.split("\n")[0].replace(/\s*Copyright.*$/, "");
  return checked;
}

const ms = (microseconds: number | null) =>
  microseconds === null ? Number.NaN : Math.round(microseconds / 100) / 10;

/** One wrk run against `url`; rejects when wrk fails or prints no report. */
export async function wrk(url: string, options: WrkOptions): Promise<Load> {
  wrkVersion();
  const threads = Math.max(
    1,
    Math.min(options.threads ?? os.availableParallelism(), options.connections),
  );
  const first = await fetch(url, { headers: options.headers, redirect: "manual" });
  await first.arrayBuffer();
  const args = [
    `--threads=${threads}`,
    `--connections=${options.connections}`,
    `--duration=${options.seconds}s`,
    `--timeout=${TIMEOUT}`,
    `--script=${REPORT_SCRIPT}`,
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    args.push("--header", `${name}: ${value}`);
  }
  args.push(url);
  const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  const line = stdout.split("\n").find((text) => text.startsWith("wrk-report "));
  if (code !== 0 || !line) {
    throw new Error(`wrk ${args.join(" ")} exited ${code}: ${(stderr || stdout).trim()}`);
  }
  const report = JSON.parse(line.slice("wrk-report ".length)) as WrkReport;
  const seconds = report.durationUs / 1e6;
  const firstIs2xx = first.status >= 200 && first.status < 300;
  const non2xx = firstIs2xx ? report.errors.status : report.requests;
  const { connect, read, write, timeout } = report.errors;
  return {
    url,
    connections: options.connections,
    threads,
    rps: seconds > 0 ? Math.round(report.requests / seconds) : 0,
    requests: report.requests,
    bytes: report.bytes,
    seconds: Math.round(seconds * 100) / 100,
    p50: ms(report.latencyUs.p50),
    p99: ms(report.latencyUs.p99),
    max: ms(report.latencyUs.max),
    firstStatus: first.status,
    socketErrors: { connect, read, write, timeout },
    non2xx,
    errors: connect + read + write + timeout + non2xx,
  };
}
