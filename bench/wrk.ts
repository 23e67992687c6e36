/**
 * The bench's load generator: wrk (Debian package `wrk`), in its own process, so that the server
 * is measured rather than the generator (autocannon inside the bench's own Node process stopped
 * near 7,000 requests a second on these hosts: docs/decisions/217-wrk-sends-the-bench-load.md).
 * wrk's own summary is not parsed: bench/wrk-report.lua prints one JSON line at the end of the run.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const REPORT_SCRIPT = path.join(import.meta.dirname, "wrk-report.lua");
/** The same report, each request for the next of a list of words (`words`). */
const WORDS_SCRIPT = path.join(import.meta.dirname, "wrk-words.lua");
/** A request slower than this counts as a timeout error (autocannon's default was 10 s too). */
const TIMEOUT = "10s";

export interface WrkOptions {
  connections: number;
  seconds: number;
  /** Sent with every request, as a browser would (e.g. Accept-Encoding). */
  headers?: Record<string, string>;
  /** Default: one per core, at most one per connection. */
  threads?: number;
  /**
   * Each request asks for the URL followed by the next of these words (bench/wrk-words.lua), e.g.
   * `http://host/resources?q=` and ["shelter", "food+bank", ...], each thread walking its own share;
   * where each thread stopped is in `Load.walk`.
   */
  words?: readonly string[];
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
  /** With `words`: how many, and the index of the word each thread would have asked for next. */
  walk?: { words: number; next: number[] };
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
  const env = { ...process.env };
  let wordsDir: string | null = null;
  if (options.words) {
    if (
      options.words.length === 0 ||
      options.words.some((word) => !/^[a-z]+(\+[a-z]+)*$/.test(word))
    ) {
      throw new Error("wrk's words are lowercase ASCII letters joined by '+', at least one");
    }
    wordsDir = mkdtempSync(path.join(os.tmpdir(), "bench-wrk-"));
    const file = path.join(wordsDir, "words.txt");
    writeFileSync(file, `${options.words.join("\n")}\n`);
    Object.assign(env, {
      BENCH_WRK_REPORT: REPORT_SCRIPT,
      BENCH_WRK_WORDS: file,
      BENCH_WRK_THREADS: String(threads),
    });
  }
  const args = [
    `--threads=${threads}`,
    `--connections=${options.connections}`,
    `--duration=${options.seconds}s`,
    `--timeout=${TIMEOUT}`,
    `--script=${options.words ? WORDS_SCRIPT : REPORT_SCRIPT}`,
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    args.push("--header", `${name}: ${value}`);
  }
  args.push(url);
  const child = spawn("wrk", args, { env, stdio: ["ignore", "pipe", "pipe"] });
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
  }).finally(() => {
    if (wordsDir) rmSync(wordsDir, { recursive: true, force: true });
  });
  const lines = stdout.split("\n");
  const line = lines.find((text) => text.startsWith("wrk-report "));
  const wordsLine = lines.find((text) => text.startsWith("wrk-words "));
  if (options.words && !wordsLine) {
    throw new Error(`wrk ${args.join(" ")} printed no word counts: ${(stderr || stdout).trim()}`);
  }
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
    ...(wordsLine
      ? { walk: JSON.parse(wordsLine.slice("wrk-words ".length)) as Load["walk"] }
      : {}),
  };
}
