/**
 * `npm run bench`: measures every performance figure against the production build, as a phone of
 * a chosen CPU tier (`--cpu-target <benchmarkIndex>`, default 264: Chrome DevTools' low-tier
 * phone; 1000 is its mid-tier one), and prints figure, target, measured and pass/miss; the JSON
 * goes to bench/results/. The page figures are an A/B (docs/decisions/
 * 263-bench-ab-and-a-meter-that-fails.md): a baseline commit (baseline.ts: DEFAULT_BASELINE, or
 * `--baseline <rev>`) is built in a folder of its own and served beside the tree, and Lighthouse
 * (performance, TBT, LCP), the interaction timings (inp.ts) and /home's first-visit JavaScript are
 * measured on both, the runs alternating, printed side by side with the ratio tree / baseline
 * (ab.ts; a TBT above 1.25 times the baseline's is flagged REGRESSION); `--no-baseline` measures
 * the tree alone. The CPU slowdown is calibrated on this host by a first Lighthouse run
 * (lighthouse.ts); Lighthouse's throttling is its default, simulated (what PageSpeed Insights
 * shows), and `--applied` adds applied-throttling runs of the tree, printed, not judged
 * (docs/decisions/186-lighthouse-with-applied-throttling.md). A Lighthouse or interaction run that
 * fails is made once more; failing again, the bench names it and exits 1 (failure.ts), printing no
 * figure from it. The server's throughput and p99 latency are
 * compared with a bare node:http server in its own process (bare-server.ts): /home and the cached
 * pages at 50 connections (among them a fundraiser page seeded by fundraiser-page.ts, whose
 * first-visit JavaScript is also weighed against /home's, and a page staff wrote, published by
 * staff-page.ts), pages rendered per request or with a
 * query string at 4: the search page rendered, a different search each request (search-words.ts,
 * wrk-words.lua), after a warm-up. The load is sent by wrk in its own process (wrk.ts), whose
 * ceiling on this host is measured beside the bare server (ceiling-server.ts): a reference within
 * 80% of it is flagged generator-bound, and a ratio above 1.0 against the bare server is printed
 * as a measuring error, never a pass (docs/decisions/217-wrk-sends-the-bench-load.md); then a bed
 * count's change reaching the cached finder (beds-update.ts), memory, start time, search
 * (search.ts) and the finder's query with bed counts (finder.ts). It measures and never gates CI.
 * `--smoke` (npm run bench:smoke) runs each part briefly (one page, one run, one interaction, 1 s
 * loads, small data, no baseline), and checks that a Lighthouse run and an interaction run on a
 * port nothing listens on are caught as failures, to prove the scripts work.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { SYSTEM_CHROMIUM } from "../playwright.config";
import { SERVER_PEAK_MB } from "../server/memory-watch";
import { startNwsFake } from "../tests/fakes/nws-api";
import { type AbFigure, abFigure, abTable, regressionLines } from "./ab";
import { type Baseline, BaselineError, DEFAULT_BASELINE, prepareBaseline } from "./baseline";
import { countUpdateSeconds, seedBedCount } from "./beds-update";
import { BenchFailure } from "./failure";
import { benchFinder } from "./finder";
import { FUNDRAISER_PAGE, seedFundraiserPage } from "./fundraiser-page";
import { hydrated, type InpScenario, inpFailureCaught, inpRuns } from "./inp";
import {
  type CpuCalibration,
  calibrateCpu,
  failureCaught,
  type LighthousePage,
  type LighthouseRun,
  LOW_TIER_PHONE_INDEX,
  lighthouseRuns,
  MID_TIER_PHONE_INDEX,
  PHONE_TOLERANCE,
  type Target,
} from "./lighthouse";
import { invalidRow, printTable, type Row, row, writeResults } from "./report";
import { benchSearch } from "./search";
import { SEARCH_QUERIES, SEARCH_WORDS } from "./search-words";
import { STAFF_PAGE, seedStaffPage } from "./staff-page";
import { type Load, wrk, wrkVersion } from "./wrk";

/** `--name value` or `--name=value`. */
function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(name);
  if (index !== -1) return args[index + 1];
  return args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

const SMOKE = process.argv.includes("--smoke");
/**
 * The commit the page figures are compared with (baseline.ts); none with `--no-baseline`, and
 * none in smoke mode, which stays quick.
 */
const BASELINE_REV =
  SMOKE || process.argv.includes("--no-baseline")
    ? null
    : (option("--baseline") ?? DEFAULT_BASELINE);
/** Lighthouse with applied throttling too, on the tree: printed under the table, not judged. */
const APPLIED = process.argv.includes("--applied");
/**
 * Every figure is taken with a weather banner showing on every page (the banner and the service
 * worker are to cost none of them: docs/decisions/180-weather-banners.md,
 * 185-banners-read-once.md), made the way production makes one: the server's NWS poller reads a
 * Freeze Warning from a local stand-in for the NWS API.
 * `--no-weather-banner` measures without it.
 */
const WITH_BANNER = !process.argv.includes("--no-weather-banner");
/** Set in main() when the NWS stand-in runs: the server's environment for it. */
let weatherEnv: Record<string, string> = {};
/** The Lighthouse benchmarkIndex of the phone measured as. */
const CPU_TARGET = Number(option("--cpu-target") ?? LOW_TIER_PHONE_INDEX);
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const BARE_PORT = PORT + 1;
/** The load generator's ceiling: the cheapest server, sending the same answer (ceiling-server.ts). */
const CEILING_PORT = PORT + 2;
/** The baseline's server, in the A/B. */
const BASELINE_PORT = PORT + 3;
const BASE = `http://localhost:${PORT}`;
const BARE = `http://localhost:${BARE_PORT}`;
const CEILING = `http://localhost:${CEILING_PORT}`;
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
/**
 * What the server runs: a private copy of build/, so that another `npm run build` in the same
 * working tree during the bench cannot change or remove the files being measured (BUILD_DIR, when
 * set, is used as it is). Under bench/ (beside node_modules' resolution), named as git ignores.
 */
let servedBuild = BUILD_DIR;
/** What Chromium sends. */
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const LOAD_SECONDS = SMOKE ? 1 : 10;
/** Many visitors at once, for the cached pages. */
const CONNECTIONS = 50;
/** A few at once, for pages rendered per request. */
const FEW_CONNECTIONS = 4;
const KB = 1024;
const LIGHTHOUSE_PAGES = SMOKE ? ["/home"] : ["/home", "/resources", "/launch"];
const RUNS = SMOKE ? 1 : 3;
/**
 * A search page: kept in the page cache per query (docs/decisions/242-search-pages-in-the-page-cache.md);
 * the search's own query is timed by search.ts.
 */
const SEARCH_PAGE = "/resources?q=shelter";
/**
 * The search page rendered: each request asks for this followed by the next search of
 * SEARCH_QUERIES (wrk-words.lua), each a first ask the page cache leaves to the framework.
 */
const RENDERED_SEARCH = "/resources?q=";
/** The words each wrk thread would have asked for next, probed after the rendered search's load. */
const PROBES_PER_THREAD = 5;
/**
 * A query string the page does not read, a campaign link, the donation page, and the unfiltered
 * finder (its statuses expire with the next opening or closing): the cache's.
 */
const QUERY_PAGES = [
  "/about?x=1",
  "/home?utm_source=newsletter&utm_medium=email",
  "/donate",
  "/find-help",
];
/** The pages whose throughput against the bare server is averaged (geometric mean). */
const CACHED_PAGES = [
  "/",
  "/home",
  "/about",
  "/resources",
  "/es/about",
  FUNDRAISER_PAGE,
  STAFF_PAGE,
  ...QUERY_PAGES,
];

/** The last lines each server started by serve() wrote (its log, at LOG_LEVEL warn). */
const serverOutput = new WeakMap<ChildProcess, string[]>();

/**
 * Resolves with the time `url` took to answer 2xx; rejects after `timeoutMs`, or at once if
 * `server` (a serve() child) exits, with the server's last lines.
 */
async function waitForAnswer(
  url: string,
  timeoutMs = 60_000,
  server?: ChildProcess,
): Promise<number> {
  const started = performance.now();
  let status = "no answer";
  while (performance.now() - started < timeoutMs && server?.exitCode == null) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - started;
      status = `status ${response.status}`;
    } catch (error) {
      // Not listening yet, or a port fetch refuses (its "bad ports": 4190, 6000...).
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      status = `no answer (${cause ?? (error instanceof Error ? error.message : String(error))})`;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const output = server ? serverOutput.get(server)?.join("\n") : "";
  throw new Error(
    `${status} from ${url} after ${seconds} s` +
      (server?.exitCode != null ? ` (the server exited ${server.exitCode})` : "") +
      (output ? `; the server's last lines:\n${output}` : ""),
  );
}

/**
 * `npm run serve` in its own process group, so stopping it stops node too: the tree's, or with
 * `cwd` another folder's (the baseline's, its own build and scripts) on another port.
 */
function serve(
  dataDir: string,
  {
    cwd,
    port = PORT,
    buildDir = servedBuild,
  }: { cwd?: string; port?: number; buildDir?: string } = {},
): ChildProcess {
  const child = spawn("npm", ["run", "serve", "--silent"], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      LOG_LEVEL: "warn",
      ...weatherEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  // Read as it comes (a full pipe would stop the server), the last lines kept for waitForAnswer.
  const lines: string[] = [];
  serverOutput.set(child, lines);
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    lines.push(
      ...chunk
        .split("\n")
        .filter(Boolean)
        .map((line) => line.slice(0, 400)),
    );
    lines.splice(0, Math.max(0, lines.length - 10));
  });
  return child;
}

async function stop(child: ChildProcess, port = PORT) {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    await exited;
  }
  // npm exits at once; the server it started may still be finishing its graceful stop, and the
  // next server must not find it answering on the port.
  await portClosed(port);
}

/** Resolves once nothing accepts connections on `port` (30 s at most). */
async function portClosed(port: number) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (!open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`port ${port} is still in use 30 s after the server was stopped`);
}

/** The node process serving, under `npm run serve` (npm, then a shell, then node server.js). */
function serverPid(npm: ChildProcess): number {
  const children = (pid: number) =>
    readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  const queue = [Number(npm.pid)];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (command.includes("server.js")) return pid;
    queue.push(...children(pid));
  }
  throw new Error("the server process was not found");
}

function memoryMegabytes(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

/**
 * A first start on the fresh `dataDir` (its peak resident memory once the first page answered:
 * docs/decisions/219-first-start-from-a-template.md), then the start time: a second
 * `npm run serve` on the existing database, to the first answered page.
 */
async function measureStart(dataDir: string): Promise<{ firstPeakMb: number; startMs: number }> {
  const first = serve(dataDir);
  let firstPeakMb: number;
  try {
    await waitForAnswer(`${BASE}/home`, 60_000, first);
    firstPeakMb = memoryMegabytes(serverPid(first)).peak;
  } finally {
    await stop(first);
  }
  const second = serve(dataDir);
  try {
    return { firstPeakMb, startMs: await waitForAnswer(`${BASE}/home`, 60_000, second) };
  } finally {
    await stop(second);
  }
}

interface RawAnswer {
  body: Buffer;
  headers: http.IncomingHttpHeaders;
  /** Names and values as sent, in order. */
  rawHeaders: string[];
}

/** The raw bytes and headers of one answer, as sent (fetch would decode them). */
function rawGet(url: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": ACCEPT_ENCODING } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            body: Buffer.concat(chunks),
            headers: response.headers,
            rawHeaders: response.rawHeaders,
          }),
        );
      })
      .on("error", reject);
  });
}

/**
 * Every script a first visit to `pathname` downloads, with bytes as sent. Which scripts: those the
 * system Chromium requests while loading and hydrating the page and then staying open until the
 * network is quiet (the page's HTML also names modules it never fetches, such as sibling routes in
 * React Router's manifest). Their bytes: fetched again with the Accept-Encoding a browser sends
 * over HTTPS, since Chromium offers brotli only there and this server is plain HTTP.
 */
async function firstVisit(pathname: string, base = BASE) {
  const page = await rawGet(base + pathname);
  const browser = await chromium.launch(SYSTEM_CHROMIUM);
  const requested = new Set<string>();
  try {
    const context = await browser.newContext();
    const tab = await context.newPage();
    tab.on("request", (request) => {
      if (request.resourceType() === "script") requested.add(new URL(request.url()).pathname);
    });
    await tab.goto(base + pathname);
    await hydrated(tab);
    // The scripts-after-paint boot starts the rest at the latest 3 s after load.
    await tab.waitForTimeout(3_500);
    await tab.waitForLoadState("networkidle");
  } finally {
    await browser.close();
  }
  const scripts = await Promise.all(
    [...requested].map(async (asset) => ({
      asset,
      bytes: (await rawGet(base + asset)).body.length,
    })),
  );
  return {
    htmlBytes: page.body.length,
    htmlEncoding: page.headers["content-encoding"] ?? "identity",
    jsBytes: scripts.reduce((sum, entry) => sum + entry.bytes, 0),
    jsFiles: scripts.length,
    scripts: scripts.sort((a, b) => b.bytes - a.bytes),
  };
}

/** The ten largest scripts of the build, brotli-compressed size: where the bytes are. */
function bundleReport() {
  const assets = path.join(servedBuild, "client", "assets");
  return readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .map((name) => {
      const twin = path.join(assets, `${name}.br`);
      return {
        name,
        bytes: statSync(existsSync(twin) ? twin : path.join(assets, name)).size,
      };
    })
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 10);
}

/** wrk (wrk.ts) in its own process, with the Accept-Encoding a browser sends. */
function load(url: string, connections: number, seconds = LOAD_SECONDS): Promise<Load> {
  return wrk(url, { connections, seconds, headers: { "Accept-Encoding": ACCEPT_ENCODING } });
}

/**
 * The bare server within this share of the generator's ceiling is flagged generator-bound: its
 * figure then measures wrk and the host's loopback more than node:http, and a ratio against it
 * is an upper bound (a miss is real, a pass is not proven).
 */
const GENERATOR_BOUND = 0.8;

/** The bare server's figure at one connection count, beside the generator's ceiling at the same. */
interface Reference {
  bare: Load;
  ceiling: Load;
  /** bare / ceiling */
  share: number;
  generatorBound: boolean;
}

function reference(bare: Load, ceiling: Load): Reference {
  const share = bare.rps / ceiling.rps;
  return { bare, ceiling, share, generatorBound: !(share < GENERATOR_BOUND) };
}

const REFERENCE_NOTE = "; reference generator-bound: an upper bound";

/**
 * A figure against the bare server sending the same bytes: above 1.0, the app would answer faster
 * than node:http with nothing to do, so the measure is wrong (a generator-bound reference, a
 * different answer, noise), and the row says so instead of passing.
 */
function ratioRow(
  figure: string,
  target: string,
  measured: string,
  ratio: number,
  threshold: number,
  against: Reference,
): Row {
  if (ratio > 1) {
    return invalidRow(
      figure,
      target,
      measured,
      "measuring error: above 1.0 against the bare server sending the same bytes",
    );
  }
  return row(
    figure,
    target,
    measured + (against.generatorBound ? REFERENCE_NOTE : ""),
    ratio >= threshold,
  );
}

/** Headers that belong to one connection or one moment, not to the answer. */
const PER_CONNECTION = new Set(["connection", "keep-alive", "transfer-encoding", "date"]);

/**
 * A reference server in its own process, answering every request with `answer`'s bytes and
 * headers: the bare node:http server (bare-server.ts) or the generator's ceiling
 * (ceiling-server.ts); resolves once it answers.
 */
async function startReference(
  answer: RawAnswer,
  script: "bare-server.ts" | "ceiling-server.ts",
  port: number,
): Promise<{ stop: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "bench-bare-"));
  const file = path.join(directory, "answer.json");
  const headers: [string, string][] = [];
  for (let index = 0; index < answer.rawHeaders.length; index += 2) {
    const name = answer.rawHeaders[index];
    if (!PER_CONNECTION.has(name.toLowerCase())) {
      headers.push([name, answer.rawHeaders[index + 1]]);
    }
  }
  if (!headers.some(([name]) => name.toLowerCase() === "content-length")) {
    headers.push(["Content-Length", String(answer.body.length)]);
  }
  writeFileSync(file, JSON.stringify({ headers, body: answer.body.toString("base64") }));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, script), file, String(port)],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const stopBare = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    await waitForAnswer(`http://localhost:${port}/home`);
  } catch (error) {
    await stopBare();
    throw error;
  }
  return { stop: stopBare };
}

/** Whether the app answered `url` from its page cache (X-Page-Cache: hit). */
async function pageCacheAnswer(url: string): Promise<string> {
  const { headers } = await rawGet(url);
  return String(headers["x-page-cache"] ?? "none");
}

const errorsNote = (result: Load) =>
  result.errors ? `, ${result.errors} errors (${result.non2xx} non-2xx)` : "";

/** "33,000 req/s at 50 connections (bare 0.74 of it)". */
function ceilingText(against: Reference) {
  return (
    `${against.ceiling.rps.toLocaleString("en-US")} req/s at ${against.ceiling.connections} connections ` +
    `(bare ${against.bare.rps.toLocaleString("en-US")}: ${against.share.toFixed(2)} of it` +
    `${against.generatorBound ? ", generator-bound" : ""})`
  );
}

function tierName(index: number) {
  if (index === LOW_TIER_PHONE_INDEX) return "low-tier phone";
  if (index === MID_TIER_PHONE_INDEX) return "mid-tier phone";
  return `benchmarkIndex ${index}`;
}

/** Waits for the server's first NWS poll to have put the banner on the page (at most 20 s). */
async function bannerShown(url: string) {
  const started = Date.now();
  while (!(await (await fetch(url)).text()).includes('class="weather-banner ')) {
    if (Date.now() - started > 20_000) throw new Error(`no weather banner on ${url} after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function cpuLine(cpu: CpuCalibration) {
  return (
    `CPU: host Lighthouse benchmarkIndex ${cpu.hostIndex}, measured as a ${tierName(cpu.targetIndex)} ` +
    `(${cpu.targetIndex}): slowdown ${cpu.multiplier}x` +
    (cpu.hostSlowerThanTarget ? " (the host is slower than the target: no slowdown)" : "")
  );
}

/** "9.4" or "9.4-10.1". */
function spanOf(values: number[]) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? String(low) : `${low}-${high}`;
}

/**
 * Each Lighthouse run's own host reading, the slowdown it was given and so the phone it measured;
 * the runs set aside for measuring another phone are listed after the counted ones.
 */
function lighthouseRunsLine(pages: LighthousePage[], targetIndex: number) {
  const describe = (run: LighthouseRun) =>
    `${run.benchmarkIndex}/${run.multiplier}x=${run.phoneIndex}`;
  return (
    `Lighthouse runs (host reading / slowdown = phone; counted within ${PHONE_TOLERANCE * 100}% of ${targetIndex}): ` +
    pages
      .map(
        (p) =>
          `${p.page} ${p.runs.map(describe).join(", ")}` +
          (p.setAside.length ? `; set aside ${p.setAside.map(describe).join(", ")}` : ""),
      )
      .join("; ")
  );
}

function interactionRow(scenario: InpScenario): Row {
  const figure = `INP: ${scenario.label}`;
  const runs = scenario.runs.length > 1 ? ` (${scenario.runs.map((r) => r.inpMs).join(", ")})` : "";
  const worst = scenario.worst;
  const detail = worst
    ? `: ${worst.events} on ${worst.target || "?"}, ${worst.inputDelayMs} input delay + ${worst.processingMs} processing + ${worst.presentationMs} to paint`
    : ": no interaction of 16 ms or more";
  return row(
    figure,
    "<= 200 ms",
    `${scenario.medianMs} ms${runs}${detail}`,
    scenario.medianMs <= 200,
  );
}

/** Reversed words for the rendered search's warm-up, none of them a word of the measured list. */
const WARM_UP_WORDS = SEARCH_WORDS.map((word) => [...word].reverse().join("")).filter(
  (word) => !SEARCH_WORDS.includes(word),
);

/** The baseline's server in the A/B: its own folder, build, DATA_DIR and port. */
async function startBaseline(baseline: Baseline, dataDir: string) {
  const child = serve(dataDir, { cwd: baseline.dir, port: BASELINE_PORT, buildDir: "build" });
  const base = `http://localhost:${BASELINE_PORT}`;
  try {
    await waitForAnswer(`${base}/home`, 120_000, child);
    if (WITH_BANNER) {
      try {
        await bannerShown(`${base}/home`);
      } catch {
        console.log(`  The baseline ${baseline.rev} shows no weather banner: measured without it`);
      }
    }
    // As the tree's server has been by the loads: each page rendered and kept, its code compiled.
    for (const page of LIGHTHOUSE_PAGES) {
      for (let round = 0; round < 20; round += 1) await rawGet(base + page);
    }
  } catch (error) {
    await stop(child, BASELINE_PORT);
    throw error;
  }
  return { base, stop: () => stop(child, BASELINE_PORT) };
}

/** The commit measured, and whether the working tree had changes beside it (named, not kept). */
function treeCommit() {
  const git = (args: string[]) => spawnSync("git", args, { encoding: "utf8" }).stdout?.trim() ?? "";
  const changed = git(["status", "--porcelain", "--untracked-files=no"])
    .split("\n")
    .filter(Boolean);
  return { head: git(["rev-parse", "HEAD"]), changedFiles: changed.map((line) => line.slice(3)) };
}

/** A port nothing listens on (the smoke run's failure check): one the system gave, then freed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The smoke run's proof of the failure rule: a Lighthouse run and an interaction run on a port
 * nothing listens on must each be caught (made twice, then a BenchFailure).
 */
async function checkFailureDetection(multiplier: number) {
  const url = `http://127.0.0.1:${await closedPort()}`;
  const lighthouseCaught = await failureCaught(`${url}/home`);
  const inpCaught = await inpFailureCaught(url, multiplier);
  if (!lighthouseCaught || !inpCaught) {
    throw new Error(
      `failure detection: a ${lighthouseCaught ? "n interaction" : " Lighthouse"} run on a port nothing listens on (${url}) was not caught`,
    );
  }
  console.log(`Failure detection, a port nothing listens on: caught "${lighthouseCaught}"`);
  console.log(`  and "${inpCaught}"`);
  return { lighthouse: lighthouseCaught, interaction: inpCaught };
}

const runsOf = (values: number[]) => (values.length > 1 ? ` (${values.join(", ")})` : "");

/** The A/B rows of the Lighthouse figures: performance, TBT, LCP, page by page. */
function lighthouseAb(baselinePages: LighthousePage[], treePages: LighthousePage[]): AbFigure[] {
  const over = RUNS > 1 ? `median of ${RUNS}` : "1 run";
  const figures: AbFigure[] = [];
  for (const tree of treePages) {
    const baseline = baselinePages.find((p) => p.page === tree.page);
    if (!baseline) continue;
    const runs = (p: LighthousePage, pick: (r: LighthouseRun) => number) =>
      runsOf(p.runs.map(pick));
    figures.push(
      abFigure({
        figure: `Lighthouse performance (${over})`,
        subject: tree.page,
        target: ">= 95",
        baseline: baseline.median.score,
        tree: tree.median.score,
        baselineText: `${baseline.median.score}${runs(baseline, (r) => r.score)}`,
        treeText: `${tree.median.score}${runs(tree, (r) => r.score)}`,
        pass: tree.median.score >= 95,
      }),
      abFigure(
        {
          figure: `Total Blocking Time (${over})`,
          subject: tree.page,
          target: "<= 150 ms",
          baseline: baseline.median.tbtMs,
          tree: tree.median.tbtMs,
          baselineText: `${baseline.median.tbtMs} ms${runs(baseline, (r) => r.tbtMs)}`,
          treeText: `${tree.median.tbtMs} ms${runs(tree, (r) => r.tbtMs)}`,
          pass: tree.median.tbtMs <= 150,
        },
        { flagsRegression: true },
      ),
      abFigure({
        figure: `Largest Contentful Paint (${over})`,
        subject: tree.page,
        target: "<= 2.0 s",
        baseline: baseline.median.lcpMs,
        tree: tree.median.lcpMs,
        baselineText: `${(baseline.median.lcpMs / 1000).toFixed(2)} s`,
        treeText: `${(tree.median.lcpMs / 1000).toFixed(2)} s`,
        pass: tree.median.lcpMs <= 2000,
      }),
    );
  }
  return figures;
}

function inpAb(baseline: InpScenario[], tree: InpScenario[]): AbFigure[] {
  return tree.flatMap((scenario) => {
    const other = baseline.find((s) => s.id === scenario.id);
    if (!other) return [];
    return [
      abFigure({
        figure: `INP (${RUNS > 1 ? `median of ${RUNS}` : "1 run"})`,
        subject: scenario.label,
        target: "<= 200 ms",
        baseline: other.medianMs,
        tree: scenario.medianMs,
        baselineText: `${other.medianMs} ms${runsOf(other.runs.map((r) => r.inpMs))}`,
        treeText: `${scenario.medianMs} ms${runsOf(scenario.runs.map((r) => r.inpMs))}`,
        pass: scenario.medianMs <= 200,
      }),
    ];
  });
}

/** The names of an answer's headers in the order sent. */
const headerOrder = (answer: RawAnswer) =>
  answer.rawHeaders
    .filter((_, index) => index % 2 === 0)
    .map((name) => name.toLowerCase())
    .join(",");

interface RenderProbe {
  /** Whether a rendered answer and a kept one could be told apart on this run. */
  distinguishable: boolean;
  /** The words asked for, and those answered from a page already kept. */
  sampled: string[];
  kept: string[];
}

/**
 * Whether the rendered search's load measured renders. A search's first ask is rendered for its
 * visitor alone, its second rendered and kept, and the page cache marks the second "X-Page-Cache:
 * hit" as it does a page sent from memory, so that header cannot tell them apart; the order of
 * the headers can: a page already kept is sent before Express runs
 * (docs/decisions/117-cache-hits-before-express.md), with the request id last. That order is
 * learnt on each run from a new word asked for three times (docs/decisions/
 * 242-search-pages-in-the-page-cache.md); then the words each wrk thread would have asked for
 * next, PROBES_PER_THREAD of them in its order, are asked for one by one: none may come from a
 * page already kept.
 */
async function probeRenders(walk: { words: number; next: number[] }): Promise<RenderProbe> {
  const word = `zzprobe${Date.now().toString(36)}`;
  const rendered = headerOrder(await rawGet(BASE + RENDERED_SEARCH + word));
  await rawGet(BASE + RENDERED_SEARCH + word);
  const kept = headerOrder(await rawGet(BASE + RENDERED_SEARCH + word));
  const threads = walk.next.length;
  const sampled = walk.next.flatMap((next) =>
    Array.from(
      { length: PROBES_PER_THREAD },
      (_, step) => SEARCH_QUERIES[(next + step * threads) % SEARCH_QUERIES.length],
    ),
  );
  const found: string[] = [];
  for (const probe of sampled) {
    if (headerOrder(await rawGet(BASE + RENDERED_SEARCH + probe)) === kept) found.push(probe);
  }
  return { distinguishable: rendered !== kept, sampled, kept: found };
}

/** The judged rows of the page figures, the tree's: Lighthouse (simulated) and INP. */
function pageRows(
  pages: LighthousePage[],
  cpu: CpuCalibration,
  interactions: InpScenario[],
): Row[] {
  const slowdowns = pages.flatMap((p) => p.runs.map((r) => r.multiplier));
  const tier = `${tierName(cpu.targetIndex)}, CPU ${spanOf(slowdowns)}x simulated`;
  const over = RUNS > 1 ? `median of ${RUNS}` : "1 run";
  return [
    row(
      `Lighthouse mobile performance (${over}, ${tier})`,
      ">= 95 each",
      pages
        .map((p) => `${p.page} ${p.median.score}${runsOf(p.runs.map((r) => r.score))}`)
        .join(", "),
      pages.every((p) => p.median.score >= 95),
    ),
    row(
      `Total Blocking Time (${over})`,
      "<= 150 ms",
      pages
        .map((p) => `${p.page} ${p.median.tbtMs} ms${runsOf(p.runs.map((r) => r.tbtMs))}`)
        .join(", "),
      pages.every((p) => p.median.tbtMs <= 150),
    ),
    row(
      `Largest Contentful Paint (${over}, slow 4G)`,
      "<= 2.0 s",
      pages.map((p) => `${p.page} ${(p.median.lcpMs / 1000).toFixed(1)} s`).join(", "),
      pages.every((p) => p.median.lcpMs <= 2000),
    ),
    row(
      `Lighthouse accessibility / best practices / SEO (${over})`,
      "100 each",
      pages
        .map((p) => `${p.page} ${p.median.accessibility}/${p.median.bestPractices}/${p.median.seo}`)
        .join(", "),
      pages.every(
        (p) =>
          p.median.accessibility === 100 && p.median.bestPractices === 100 && p.median.seo === 100,
      ),
    ),
    ...interactions.map(interactionRow),
  ];
}

/**
 * The search page rendered (a word a request) against the bare server, and its p99; when the probe
 * found a word of the walk answered from a page already kept, the load measured the cache: its rows
 * say so, never a pass.
 */
function renderedSearchRows(rendered: Load, againstFew: Reference, probe: RenderProbe): Row[] {
  const figure = `/resources?q=<a different search each request, of ${SEARCH_QUERIES.length}> (rendered) vs bare node:http (${FEW_CONNECTIONS} connections)`;
  const ratio = rendered.rps / againstFew.bare.rps;
  const probeNote = probe.distinguishable
    ? `the next ${probe.sampled.length} words of the walk: ${probe.kept.length} from a page already kept`
    : "not checked: a rendered answer and a kept one looked the same";
  const measured = `${rendered.rps} vs ${againstFew.bare.rps} req/s (${ratio.toFixed(3)}); ${probeNote}`;
  const latencyFigure = `/resources?q=<search> (rendered) p99 latency at ${FEW_CONNECTIONS} connections`;
  const latency = `${rendered.p99} ms (${rendered.errors} errors)`;
  if (probe.kept.length > 0) {
    const error = `measuring error: the page cache answered ${probe.kept.join(", ")}`;
    return [
      invalidRow(figure, ">= 0.02", measured, error),
      invalidRow(latencyFigure, "< 50 ms", latency, error),
    ];
  }
  return [
    ratioRow(figure, ">= 0.02", measured, ratio, 0.02, againstFew),
    row(latencyFigure, "< 50 ms", latency, rendered.p99 < 50 && rendered.errors === 0),
  ];
}

async function main() {
  if (!(CPU_TARGET > 0)) {
    throw new Error("--cpu-target takes a Lighthouse benchmarkIndex: 264 (low-tier), 1000 (mid)");
  }
  const generator = wrkVersion();
  if (!existsSync(path.join(BUILD_DIR, "server", "index.js"))) {
    throw new Error(`No production build in ${BUILD_DIR}/: run npm run build first`);
  }
  // The baseline first: if it cannot be built, the bench says so before measuring anything.
  let baseline: Baseline | null = null;
  if (BASELINE_REV) {
    try {
      baseline = await prepareBaseline(BASELINE_REV);
    } catch (error) {
      if (!(error instanceof BaselineError)) throw error;
      throw new BenchFailure(
        `the baseline ${BASELINE_REV} could not be built: ${error.message}\n` +
          "(npm run bench -- --no-baseline measures the tree alone, without the A/B)",
      );
    }
  }
  if (!process.env.BUILD_DIR) {
    servedBuild = path.join("bench", `.tmp-build-${process.pid}`);
    cpSync(BUILD_DIR, servedBuild, { recursive: true });
  }
  const rows: Row[] = [];
  const details: Record<string, unknown> = {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const baselineDataDir = baseline ? mkdtempSync(path.join(os.tmpdir(), "bench-baseline-")) : null;
  let cpu: CpuCalibration | null = null;
  let judged: LighthousePage[] | null = null;
  let applied: LighthousePage[] | null = null;
  let abFigures: AbFigure[] = [];
  const nws = WITH_BANNER ? await startNwsFake() : null;
  if (nws) {
    const hours = (count: number) => new Date(Date.now() + count * 3_600_000).toISOString();
    nws.setAlerts([
      {
        id: "urn:oid:bench.freeze.1",
        event: "Freeze Warning",
        headline: "Freeze Warning until tomorrow morning",
        onset: hours(-1),
        ends: hours(48),
        expires: hours(48),
      },
    ]);
    weatherEnv = { NWS_ALERTS_URL: nws.url, NWS_BANNER_APPROVAL: "auto" };
  }
  details.weatherBanner = WITH_BANNER;
  details.tree = treeCommit();
  if (baseline) {
    const { rev, sha, subject, dependencies, reused } = baseline;
    details.baseline = { rev, sha, subject, dependencies, reused };
  }
  // The bench signs a bed update link (beds-update.ts) with the key the server it starts uses.
  process.env.SESSION_SECRET ??= randomBytes(32).toString("hex");
  try {
    const { firstPeakMb, startMs } = await measureStart(dataDir);
    details.startMs = Math.round(startMs);
    details.firstStartPeakMb = firstPeakMb;
    await seedFundraiserPage(dataDir);
    await seedStaffPage(dataDir);
    const bedCount = await seedBedCount(dataDir);

    const npm = serve(dataDir);
    try {
      await waitForAnswer(`${BASE}/healthz`, 60_000, npm);
      const pid = serverPid(npm);
      if (WITH_BANNER) await bannerShown(`${BASE}/home`);

      const visit = await firstVisit("/home");
      details.firstVisit = visit;
      const fundraiserVisit = await firstVisit(FUNDRAISER_PAGE);
      details.fundraiserFirstVisit = fundraiserVisit;
      details.bundle = bundleReport();
      console.log("Largest scripts of the build (brotli):");
      for (const script of details.bundle as { name: string; bytes: number }[]) {
        console.log(`  ${(script.bytes / KB).toFixed(1).padStart(6)} KB  ${script.name}`);
      }

      // The app and the bare server sending the same bytes, one after the other, same machine,
      // each in its own process.
      // The generator's ceiling: wrk against the cheapest server sending the same bytes again.
      const home = await rawGet(`${BASE}/home`);
      const bare = await startReference(home, "bare-server.ts", BARE_PORT);
      let ceilingServer: Awaited<ReturnType<typeof startReference>> | null = null;
      let app: Load;
      let bareLoad: Load;
      let bareFew: Load;
      let ceiling: Load;
      let ceilingFew: Load;
      let search: Load;
      let rendered: Load;
      let renderProbe: RenderProbe;
      const queryPages: { url: string; load: Load; pageCache: string }[] = [];
      const cachedPages: { url: string; load: Load; pageCache: string; ratio: number }[] = [];
      try {
        ceilingServer = await startReference(home, "ceiling-server.ts", CEILING_PORT);
        await load(`${BASE}/home`, CONNECTIONS); // warm-up
        app = await load(`${BASE}/home`, CONNECTIONS);
        // Each bare figure next to the ceiling at the same connections: the host's load drifts.
        await load(`${BARE}/home`, CONNECTIONS, 1); // warm-up
        await load(`${CEILING}/home`, CONNECTIONS, 1); // warm-up
        bareLoad = await load(`${BARE}/home`, CONNECTIONS);
        ceiling = await load(`${CEILING}/home`, CONNECTIONS);
        bareFew = await load(`${BARE}/home`, FEW_CONNECTIONS);
        ceilingFew = await load(`${CEILING}/home`, FEW_CONNECTIONS);
        await ceilingServer.stop();
        ceilingServer = null;
        const references = [reference(bareLoad, ceiling), reference(bareFew, ceilingFew)];
        console.log(
          `Load generator: ${generator}, ${ceiling.threads} threads; its ceiling (the /home answer ` +
            `from a server that only writes it): ${references.map(ceilingText).join("; ")}`,
        );
        if (references.some((r) => r.generatorBound)) {
          console.log(
            `  The bare server is within ${GENERATOR_BOUND} of the generator's ceiling: it measures ` +
              "wrk and the host, and ratios against it are upper bounds.",
          );
        }

        // The search page rendered, a word a request. Warmed up as /home is, on other words (so
        // the measured ones are not in the page cache yet): a running server has compiled its
        // search and rendering paths long before; the first seconds of a new one measure the
        // compiler (10 s cold: 78 req/s, the next 10 s: 92-95, same host).
        await wrk(BASE + RENDERED_SEARCH, {
          connections: FEW_CONNECTIONS,
          seconds: SMOKE ? 1 : 5,
          headers: { "Accept-Encoding": ACCEPT_ENCODING },
          words: WARM_UP_WORDS,
        });
        rendered = await wrk(BASE + RENDERED_SEARCH, {
          connections: FEW_CONNECTIONS,
          seconds: LOAD_SECONDS,
          headers: { "Accept-Encoding": ACCEPT_ENCODING },
          words: SEARCH_QUERIES,
        });
        if (!rendered.walk) throw new Error("wrk-words.lua reported no walk");
        renderProbe = await probeRenders(rendered.walk);
        // The same search page from the page cache, one query.
        await load(BASE + SEARCH_PAGE, FEW_CONNECTIONS, 1);
        search = await load(BASE + SEARCH_PAGE, FEW_CONNECTIONS);
        for (const url of QUERY_PAGES) {
          await rawGet(BASE + url); // the first request may render it
          const result = await load(BASE + url, FEW_CONNECTIONS);
          queryPages.push({ url, load: result, pageCache: await pageCacheAnswer(BASE + url) });
        }
        console.log(
          `Cached pages at ${CONNECTIONS} connections, against ${bareLoad.rps} req/s bare:`,
        );
        for (const url of CACHED_PAGES) {
          await rawGet(BASE + url);
          const result = url === "/home" ? app : await load(BASE + url, CONNECTIONS);
          const entry = {
            url,
            load: result,
            pageCache: await pageCacheAnswer(BASE + url),
            ratio: result.rps / bareLoad.rps,
          };
          cachedPages.push(entry);
          console.log(
            `  ${url.padEnd(46)} ${String(result.rps).padStart(6)} req/s (${entry.ratio.toFixed(2)}${entry.ratio > 1 ? ": MEASURING ERROR, above 1.0" : ""}), p99 ${result.p99} ms, X-Page-Cache: ${entry.pageCache}${errorsNote(result)}`,
          );
        }
      } finally {
        await ceilingServer?.stop();
        await bare.stop();
      }
      const against = reference(bareLoad, ceiling);
      const againstFew = reference(bareFew, ceilingFew);
      const geometricMean = Math.exp(
        cachedPages.reduce((sum, page) => sum + Math.log(page.ratio), 0) / cachedPages.length,
      );
      details.throughput = {
        generator: { tool: generator, threads: ceiling.threads },
        ceiling,
        ceilingAtFewConnections: ceilingFew,
        bareShareOfCeiling: against.share,
        bareShareOfCeilingAtFewConnections: againstFew.share,
        app,
        bare: bareLoad,
        bareAtFewConnections: bareFew,
        renderedSearch: { words: SEARCH_QUERIES.length, load: rendered, probe: renderProbe },
        search,
        queryPages,
        cachedPages,
        geometricMean,
      };
      // Last of the loads: the count's change drops the cached finder pages.
      const countSeconds = await countUpdateSeconds(BASE, bedCount);
      details.countUpdateSeconds = countSeconds;
      const memory = memoryMegabytes(pid);
      details.memory = memory;

      // The page figures: the tree alone, or an A/B with the baseline served beside it.
      const tree: Target = { name: "tree", base: BASE };
      const other =
        baseline && baselineDataDir ? await startBaseline(baseline, baselineDataDir) : null;
      try {
        const targets: Target[] = other
          ? [{ name: `baseline ${baseline?.rev}`, base: other.base }, tree]
          : [tree];
        const baselineVisit = other ? await firstVisit("/home", other.base) : null;
        if (baselineVisit) details.firstVisitBaseline = baselineVisit;

        cpu = await calibrateCpu(`${BASE}${LIGHTHOUSE_PAGES[0]}`, CPU_TARGET);
        details.cpu = cpu;
        console.log(cpuLine(cpu));
        if (SMOKE) details.failureDetection = await checkFailureDetection(cpu.multiplier);
        // Lighthouse's default method, simulated throttling: the judged figures.
        const simulated = await lighthouseRuns(targets, LIGHTHOUSE_PAGES, RUNS, cpu, "simulate");
        const treeRuns = simulated.targets[simulated.targets.length - 1];
        judged = treeRuns.pages;
        details.lighthouse = { pages: treeRuns.pages, settings: simulated.settings };
        if (other) details.lighthouseBaseline = { pages: simulated.targets[0].pages };
        if (APPLIED) {
          applied = (await lighthouseRuns([tree], LIGHTHOUSE_PAGES, RUNS, cpu, "devtools"))
            .targets[0].pages;
          details.lighthouseApplied = { pages: applied };
        }
        const interactions = await inpRuns(targets, cpu.multiplier, { runs: RUNS, smoke: SMOKE });
        const treeInteractions = interactions[interactions.length - 1].scenarios;
        details.interactions = treeInteractions;
        if (other) {
          details.interactionsBaseline = interactions[0].scenarios;
          const baselinePages = simulated.targets[0].pages;
          abFigures = [
            ...lighthouseAb(baselinePages, judged),
            ...inpAb(interactions[0].scenarios, treeInteractions),
          ];
          if (baselineVisit) {
            abFigures.push(
              abFigure({
                figure: "JavaScript on a first visit (bytes as sent)",
                subject: "/home",
                target: "<= 120 KB",
                baseline: baselineVisit.jsBytes,
                tree: visit.jsBytes,
                baselineText: `${(baselineVisit.jsBytes / KB).toFixed(1)} KB in ${baselineVisit.jsFiles} files`,
                treeText: `${(visit.jsBytes / KB).toFixed(1)} KB in ${visit.jsFiles} files`,
                pass: visit.jsBytes <= 120 * KB,
              }),
            );
          }
        }
        rows.push(...pageRows(judged, cpu, treeInteractions));
      } finally {
        await other?.stop();
      }

      rows.push(
        row(
          "JavaScript on a first visit to /home",
          "<= 120 KB compressed",
          `${(visit.jsBytes / KB).toFixed(1)} KB in ${visit.jsFiles} files (HTML ${(visit.htmlBytes / KB).toFixed(1)} KB ${visit.htmlEncoding})`,
          visit.jsBytes <= 120 * KB,
        ),
      );
      rows.push(
        row(
          "JavaScript on a first visit to a fundraiser page",
          `<= /home's ${(visit.jsBytes / KB).toFixed(1)} KB`,
          `${(fundraiserVisit.jsBytes / KB).toFixed(1)} KB in ${fundraiserVisit.jsFiles} files`,
          fundraiserVisit.jsBytes <= visit.jsBytes,
        ),
      );
      rows.push(
        row(
          `load generator ceiling: ${generator.split(" [")[0]}, ${ceiling.threads} threads, against a server only writing the /home answer`,
          `bare < ${GENERATOR_BOUND} of it`,
          `${ceilingText(against)}; ${ceilingText(againstFew)}`,
          !against.generatorBound && !againstFew.generatorBound,
        ),
      );
      const ratio = app.rps / bareLoad.rps;
      rows.push(
        ratioRow(
          `anonymous /home throughput vs bare node:http (${CONNECTIONS} connections)`,
          ">= 0.5",
          `${app.rps} vs ${bareLoad.rps} req/s (${ratio.toFixed(2)})`,
          ratio,
          0.5,
          against,
        ),
      );
      rows.push(
        row(
          `/home p99 latency at ${CONNECTIONS} connections`,
          "< 50 ms",
          `${app.p99} ms (${app.errors} errors)`,
          app.p99 < 50 && app.errors === 0,
        ),
      );
      rows.push(...renderedSearchRows(rendered, againstFew, renderProbe));
      const searchRatio = search.rps / bareFew.rps;
      rows.push(
        ratioRow(
          `${SEARCH_PAGE} (from the page cache) vs bare node:http (${FEW_CONNECTIONS} connections)`,
          ">= 0.5",
          `${search.rps} vs ${bareFew.rps} req/s (${searchRatio.toFixed(2)}), p99 ${search.p99} ms${errorsNote(search)}`,
          searchRatio,
          0.5,
          againstFew,
        ),
      );
      for (const page of queryPages) {
        rows.push(
          row(
            `${page.url} at ${FEW_CONNECTIONS} connections`,
            "from the page cache",
            `X-Page-Cache: ${page.pageCache}; ${page.load.rps} req/s, p99 ${page.load.p99} ms${errorsNote(page.load)}`,
            page.pageCache === "hit",
          ),
        );
      }
      for (const [url, what] of [
        [FUNDRAISER_PAGE, "a fundraiser page"],
        [STAFF_PAGE, "a published page staff wrote"],
      ] as const) {
        const measured = cachedPages.find((page) => page.url === url);
        if (!measured) continue;
        rows.push(
          row(
            `${what} p99 latency at ${CONNECTIONS} connections`,
            "< 50 ms, from the page cache",
            `${measured.load.p99} ms, X-Page-Cache: ${measured.pageCache} (${measured.load.errors} errors)`,
            measured.load.p99 < 50 && measured.load.errors === 0 && measured.pageCache === "hit",
          ),
        );
      }
      const slowest = cachedPages.reduce((a, b) => (b.ratio < a.ratio ? b : a));
      const impossible = cachedPages.filter((page) => page.ratio > 1);
      const meanFigure = `cached pages vs bare node:http, geometric mean of ${cachedPages.length} (${CONNECTIONS} connections)`;
      const meanMeasured = `${geometricMean.toFixed(2)} (lowest ${slowest.url} ${slowest.ratio.toFixed(2)})`;
      rows.push(
        impossible.length > 0
          ? invalidRow(
              meanFigure,
              ">= 0.5",
              meanMeasured,
              `measuring error: ${impossible.map((page) => `${page.url} ${page.ratio.toFixed(2)}`).join(", ")} above 1.0 against the bare server`,
            )
          : ratioRow(meanFigure, ">= 0.5", meanMeasured, geometricMean, 0.5, against),
      );
      rows.push(
        row(
          "server resident memory after the load (PGlite)",
          "<= 300 MB",
          `${memory.rss} MB (peak ${memory.peak} MB)`,
          memory.peak <= 300,
        ),
      );
      rows.push(
        row(
          "first start on a fresh DATA_DIR: peak resident memory",
          `<= ${SERVER_PEAK_MB} MB`,
          `${firstPeakMb} MB`,
          firstPeakMb <= SERVER_PEAK_MB,
        ),
      );
      rows.push(
        row(
          "a count update (by its update link) to the cached /find-help showing it",
          "<= 5 s",
          Number.isFinite(countSeconds) ? `${countSeconds.toFixed(2)} s` : "not shown within 30 s",
          countSeconds <= 5,
        ),
      );
      rows.push(
        row(
          "start: npm run serve to first answered page",
          "<= 3 s",
          `${(startMs / 1000).toFixed(2)} s`,
          startMs <= 3000,
        ),
      );
    } finally {
      await stop(npm);
    }

    const search = await benchSearch(SMOKE);
    details.search = search;
    for (const engine of search) {
      rows.push(
        row(
          `resources search p95, ${engine.rows.toLocaleString("en-US")} rows per kind, ${engine.engine}`,
          "<= 50 ms",
          `${engine.worst.p95.toFixed(1)} ms worst (${engine.worst.kind}, ${JSON.stringify(engine.worst.term)})`,
          engine.worst.p95 <= 50,
        ),
      );
    }
    if (!search.some((engine) => engine.engine === "PostgreSQL")) {
      rows.push(
        row("resources search p95, PostgreSQL", "<= 50 ms", "set BENCH_DATABASE_URL", null),
      );
    }

    // The service finder's query (bench/finder.ts, docs/decisions/164-finder-query.md).
    const finder = await benchFinder(SMOKE);
    details.finder = finder;
    for (const engine of finder) {
      rows.push(
        row(
          `finder query p95, ${engine.services.toLocaleString("en-US")} services with bed counts, ${engine.engine}`,
          "<= 50 ms",
          `${engine.worst.p95.toFixed(1)} ms worst (${engine.worst.query})`,
          engine.worst.p95 <= 50,
        ),
      );
    }
    if (!finder.some((engine) => engine.engine === "PostgreSQL")) {
      rows.push(row("finder query p95, PostgreSQL", "<= 50 ms", "set BENCH_DATABASE_URL", null));
    }
  } finally {
    await nws?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (baselineDataDir) rmSync(baselineDataDir, { recursive: true, force: true });
    if (servedBuild !== BUILD_DIR) rmSync(servedBuild, { recursive: true, force: true });
  }

  console.log("");
  console.log(
    WITH_BANNER
      ? "Weather banner: shown on every page (a Freeze Warning read from a local NWS stand-in); service worker registered by every page"
      : "Weather banner: none (--no-weather-banner); service worker registered by every page",
  );
  if (cpu) console.log(cpuLine(cpu));
  if (cpu && judged) console.log(lighthouseRunsLine(judged, cpu.targetIndex));
  printTable(rows);
  if (applied) {
    console.log(
      "\nLighthouse with applied throttling at the same slowdown, on the tree, for information " +
        "(not judged; docs/decisions/186-lighthouse-with-applied-throttling.md): " +
        applied
          .map(
            (p) =>
              `${p.page} ${p.median.score} (${p.runs.map((r) => r.score).join(", ")}), ` +
              `TBT ${p.median.tbtMs} ms (${p.runs.map((r) => r.tbtMs).join(", ")})`,
          )
          .join("; "),
    );
  }
  if (baseline) {
    const regressions = regressionLines(abFigures);
    details.ab = { figures: abFigures, regressions };
    console.log(
      `\nA/B: baseline ${baseline.rev} (${baseline.sha.slice(0, 12)}, "${baseline.subject}") ` +
        `and the tree, served side by side, their runs alternating; Lighthouse simulated at the ` +
        `slowdown above; the pass column is the tree's`,
    );
    for (const line of abTable(abFigures, `baseline ${baseline.rev}`)) console.log(line);
    console.log(
      regressions.length > 0
        ? regressions.join("\n")
        : "No regression: no page's Total Blocking Time above 1.25 times the baseline's",
    );
  } else {
    console.log(
      SMOKE
        ? "\nNo A/B in smoke mode (no baseline built)"
        : "\nNo A/B (--no-baseline): the tree's figures only",
    );
  }
  console.log(`\nResults: ${writeResults(rows, details, SMOKE)}`);
}

try {
  await main();
} catch (error) {
  // A measurement that failed (or could not be made) prints no figure: the bench says which and
  // stops with a non-zero exit.
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    `\nBENCH FAILED: ${message}\nNo table is printed: a failed measurement gives no figure ` +
      "(docs/decisions/263-bench-ab-and-a-meter-that-fails.md).",
  );
  if (!(error instanceof BenchFailure) && error instanceof Error && error.stack) {
    console.error(error.stack);
  }
  process.exit(1);
}
