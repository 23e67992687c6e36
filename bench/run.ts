/**
 * `npm run bench`: measures, does not gate. Starts the production build on a fresh embedded
 * database and reports, per main page: requests per second and latency percentiles under a small
 * concurrent load, and the bytes a first visit downloads (HTML + scripts + styles, gzip). Then the
 * server's memory, and resource search over 100,000 items (bench/search.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { benchSearch } from "./search";

const PORT = 3990;
const BASE = `http://localhost:${PORT}`;
const PAGES = ["/", "/home", "/about", "/resources", "/contact", "/launch"];
const REQUESTS = 300;
const CONCURRENCY = 10;

async function waitForHealth(timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not become healthy");
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(pathname: string) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < REQUESTS) {
      next += 1;
      const t0 = performance.now();
      const response = await fetch(BASE + pathname);
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(REQUESTS / seconds),
    p50: percentile(latencies, 50).toFixed(1),
    p95: percentile(latencies, 95).toFixed(1),
  };
}

/** Bytes of the HTML and every script and stylesheet it references, raw and gzipped. */
async function pageWeight(pathname: string) {
  const html = await (await fetch(BASE + pathname)).text();
  const assets = new Set(
    [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]),
  );
  let raw = Buffer.byteLength(html);
  let gzip = gzipSync(html).length;
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(BASE + asset)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return { raw, gzip, files: assets.size + 1 };
}

function rssMegabytes(child: ChildProcess) {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return (kb / 1024).toFixed(0);
}

async function main() {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(path.join(buildDir, "server", "index.js"))) {
    throw new Error(`No production build in ${buildDir}/: run npm run build first`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const server = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForHealth();
    console.log(`Pages (${REQUESTS} requests, ${CONCURRENCY} at a time):`);
    for (const page of PAGES) {
      await load(page); // warm-up
      const result = await load(page);
      const weight = await pageWeight(page);
      console.log(
        `  ${page.padEnd(12)} ${String(result.rps).padStart(5)} req/s  p50 ${result.p50} ms  p95 ${result.p95} ms  first visit ${(weight.gzip / 1024).toFixed(1)} KiB gzip (${(weight.raw / 1024).toFixed(1)} KiB raw, ${weight.files} files)`,
      );
    }
    console.log(`Server memory after load: ${rssMegabytes(server)} MiB RSS`);
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
  await benchSearch();
}

await main();
