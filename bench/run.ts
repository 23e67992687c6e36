/**
 * `npm run bench`: measures every performance figure (Lighthouse, LCP, JavaScript, throughput,
 * latency, memory, start time, search) against the production build and prints figure, target,
 * measured and pass/miss; the JSON goes to bench/results/. It measures and never
 * gates CI. `--smoke` (npm run bench:smoke) runs each part for seconds on small data, to prove the
 * scripts work.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { lighthouseRuns } from "./lighthouse";
import { printTable, type Row, row, writeResults } from "./report";
import { benchSearch } from "./search";

const SMOKE = process.argv.includes("--smoke");
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const BARE_PORT = PORT + 1;
const BASE = `http://localhost:${PORT}`;
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
/** What Chromium sends. */
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const LOAD_SECONDS = SMOKE ? 1 : 10;
const CONNECTIONS = 50;
const KB = 1024;

async function waitForAnswer(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no answer from ${url}`);
}

/** `npm run serve` in its own process group, so stopping it stops node too. */
function serve(dataDir: string): ChildProcess {
  return spawn("npm", ["run", "serve", "--silent"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      BUILD_DIR,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  if (child.pid) process.kill(-child.pid, "SIGTERM");
  await exited;
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

/** Start time: a second `npm run serve` on an existing database, to the first answered page. */
async function measureStart(dataDir: string): Promise<number> {
  const first = serve(dataDir);
  await waitForAnswer(`${BASE}/healthz`);
  await stop(first);
  const second = serve(dataDir);
  try {
    return await waitForAnswer(`${BASE}/home`);
  } finally {
    await stop(second);
  }
}

/** The raw bytes and headers of one answer, as sent (fetch would decode them). */
function rawGet(url: string): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": ACCEPT_ENCODING } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ body: Buffer.concat(chunks), headers: response.headers }),
        );
      })
      .on("error", reject);
  });
}

/** Every script and stylesheet a first visit to `pathname` downloads, with bytes as sent. */
async function firstVisit(pathname: string) {
  const page = await rawGet(BASE + pathname);
  const html = await (await fetch(BASE + pathname)).text();
  const assets = [...new Set(html.match(/\/assets\/[^"'\s)]+\.(?:js|css)/g) ?? [])];
  const sizes = await Promise.all(
    assets.map(async (asset) => ({ asset, bytes: (await rawGet(BASE + asset)).body.length })),
  );
  const scripts = sizes.filter((entry) => entry.asset.endsWith(".js"));
  return {
    htmlBytes: page.body.length,
    htmlEncoding: page.headers["content-encoding"] ?? "identity",
    jsBytes: scripts.reduce((sum, entry) => sum + entry.bytes, 0),
    jsFiles: scripts.length,
    cssBytes: sizes.filter((e) => e.asset.endsWith(".css")).reduce((s, e) => s + e.bytes, 0),
    scripts: scripts.sort((a, b) => b.bytes - a.bytes),
  };
}

/** The ten largest scripts of the build, brotli-compressed size: where the bytes are. */
function bundleReport() {
  const assets = path.join(BUILD_DIR, "client", "assets");
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

async function load(url: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: LOAD_SECONDS,
    headers: { "accept-encoding": ACCEPT_ENCODING },
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A bare node:http server answering every request with the same bytes and headers as /home. */
async function bareServer(page: { body: Buffer; headers: http.IncomingHttpHeaders }) {
  const headers = {
    "content-type": String(page.headers["content-type"]),
    "content-length": String(page.body.length),
    ...(page.headers["content-encoding"]
      ? { "content-encoding": String(page.headers["content-encoding"]) }
      : {}),
  };
  const server = http.createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(BARE_PORT, resolve));
  return server;
}

async function main() {
  if (!existsSync(path.join(BUILD_DIR, "server", "index.js"))) {
    throw new Error(`No production build in ${BUILD_DIR}/: run npm run build first`);
  }
  const rows: Row[] = [];
  const details: Record<string, unknown> = {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-"));
  try {
    const startMs = await measureStart(dataDir);
    details.startMs = Math.round(startMs);

    const npm = serve(dataDir);
    try {
      await waitForAnswer(`${BASE}/healthz`);
      const pid = serverPid(npm);

      const visit = await firstVisit("/home");
      details.firstVisit = visit;
      details.bundle = bundleReport();
      console.log("Largest scripts of the build (brotli):");
      for (const script of details.bundle as { name: string; bytes: number }[]) {
        console.log(`  ${(script.bytes / KB).toFixed(1).padStart(6)} KB  ${script.name}`);
      }

      // The app and a bare server sending the same bytes, one after the other, same machine.
      const home = await rawGet(`${BASE}/home`);
      await load(`${BASE}/home`); // warm-up
      const app = await load(`${BASE}/home`);
      const bare = await bareServer(home);
      const baseline = await load(`http://localhost:${BARE_PORT}/home`);
      bare.close();
      details.throughput = { app, bare: baseline };
      // Pages the cache does not serve: search and paging go to the database.
      details.uncached = await load(`${BASE}/resources?tab=statistics&q=shelter`);
      const memory = memoryMegabytes(pid);
      details.memory = memory;

      const lighthouse = await lighthouseRuns(
        BASE,
        SMOKE ? ["/home"] : ["/home", "/resources", "/launch"],
      );
      details.lighthouse = lighthouse;

      const scores = lighthouse.map((run) => `${run.page} ${run.score}`).join(", ");
      rows.push(
        row(
          "Lighthouse mobile performance",
          ">= 95 each",
          scores || "not run",
          lighthouse.length ? lighthouse.every((run) => run.score >= 95) : null,
        ),
      );
      const lcp = lighthouse
        .map((run) => `${run.page} ${(run.lcpMs / 1000).toFixed(1)} s`)
        .join(", ");
      rows.push(
        row(
          "Largest Contentful Paint (mobile, slow 4G)",
          "<= 2.0 s",
          lcp || "not run",
          lighthouse.length ? lighthouse.every((run) => run.lcpMs <= 2000) : null,
        ),
      );
      rows.push(
        row(
          "JavaScript on a first visit to /home",
          "<= 120 KB compressed",
          `${(visit.jsBytes / KB).toFixed(1)} KB in ${visit.jsFiles} files (HTML ${(visit.htmlBytes / KB).toFixed(1)} KB ${visit.htmlEncoding})`,
          visit.jsBytes <= 120 * KB,
        ),
      );
      const ratio = app.rps / baseline.rps;
      rows.push(
        row(
          "anonymous /home throughput vs bare node:http",
          ">= 0.5",
          `${app.rps} vs ${baseline.rps} req/s (${ratio.toFixed(2)})`,
          ratio >= 0.5,
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
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log("");
  printTable(rows);
  console.log(`\nResults: ${writeResults(rows, details, SMOKE)}`);
}

await main();
