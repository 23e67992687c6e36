/**
 * Real processes for the reliability tests: the production build started with `node server.js`,
 * throwaway PostgreSQL databases, and a TCP proxy that can take a server "away" (every connection
 * cut, nothing accepted) and bring it back, as a stopped or failed-over database looks to the app.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BUILD_DIR = process.env.BUILD_DIR || "build";
/** Characters of a process's output kept for assertions and error messages. */
const MAX_KEPT_OUTPUT = 4_000_000;

/** The PostgreSQL cluster the tests make their own databases in. */
export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export function requireBuild() {
  const entry = path.join(ROOT, BUILD_DIR, "server", "index.js");
  if (!existsSync(entry)) {
    throw new Error(
      `The reliability tests start the production build; none at ${entry}. Run \`npm run build\` (or set BUILD_DIR) first.`,
    );
  }
}

export function tempDir(label: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `rel-${label}-`));
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A new, empty database on the test cluster; `drop()` removes it. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rel_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Rows of one query on a database, through a short-lived connection of the test's own. */
export async function query<Row>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** PostgreSQL's cluster states (DBState in pg_control.h) that the tests tell apart. */
export const CLUSTER_SHUT_DOWN = 1;
export const CLUSTER_IN_PRODUCTION = 6;

/** The state PGlite's cluster was left in, read from its control file as pg_controldata would. */
export function pgliteClusterState(dataDir: string): number {
  // ControlFileData: system identifier (8 bytes), two version numbers (4 + 4), then the state.
  return readFileSync(path.join(dataDir, "db", "global", "pg_control")).readInt32LE(16);
}

/** Rows of one query on the embedded database of a stopped app, opened here and closed again. */
export async function pgliteRows<Row>(dataDir: string, text: string): Promise<Row[]> {
  const client = new PGlite(path.join(dataDir, "db"), { extensions: { pg_trgm, unaccent } });
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.close();
  }
}

/**
 * A TCP proxy in front of a server: `cut()` is the server gone, `restore()` it back; `freeze()` is
 * a server (or network) that accepts and then never answers, `thaw()` its end.
 */
export class TcpProxy {
  private server = net.createServer((client) => this.pipe(client));
  private sockets = new Set<net.Socket>();
  private frozen = false;
  port = 0;

  constructor(
    private targetPort: number,
    private targetHost = "127.0.0.1",
  ) {}

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => undefined);
  }

  private pipe(client: net.Socket) {
    this.track(client);
    if (this.frozen) return; // accepted, and then silence
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.track(upstream);
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  }

  /** Every open connection dropped and new ones refused, as when the server stops. */
  async cut() {
    const closed = new Promise((resolve) => this.server.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
    this.server = net.createServer((client) => this.pipe(client));
  }

  async restore() {
    await this.listen();
  }

  /** Open connections stop carrying data and new ones are accepted but never served. */
  freeze() {
    this.frozen = true;
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /** The frozen connections are dropped (they are dead to both ends) and service resumes. */
  thaw() {
    this.frozen = false;
    for (const socket of this.sockets) socket.destroy();
  }
}

export interface AppProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * The environment variables and node flags `npm run serve` starts the server with (its memory
 * settings, docs/decisions/103-server-memory-and-start.md), read from package.json so the tests run
 * what production runs.
 */
export function serveSettings(): { env: Record<string, string>; flags: string[] } {
  const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const words: string[] = packageJson.scripts.serve.split(/\s+/);
  const assignments = words.filter((word) => /^[A-Z_]+=/.test(word));
  return {
    env: Object.fromEntries(assignments.map((word) => word.split("=", 2) as [string, string])),
    flags: words.filter((word) => word.startsWith("--")),
  };
}

/**
 * Starts the production build as `npm run serve` does and waits until /healthz answers 200;
 * `nodeFlags` come after the serve script's own.
 */
export async function startApp(
  env: Record<string, string>,
  { timeoutMs = 90_000, nodeFlags = [] }: { timeoutMs?: number; nodeFlags?: string[] } = {},
): Promise<AppProcess> {
  requireBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serve = serveSettings();
  const child = spawn(process.execPath, [...serve.flags, ...nodeFlags, "server.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...serve.env,
      BUILD_DIR,
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Only the latest output is kept: a soak logs a line per request, gigabytes over minutes.
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
    if (output.length > MAX_KEPT_OUTPUT) output = output.slice(-MAX_KEPT_OUTPUT / 2);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | string>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const app: AppProcess = { url, port, child, output: () => output, exited };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The app exited with ${child.exitCode} while starting:\n${output}`);
    }
    const answer = await request(`${url}/healthz`, { timeoutMs: 2000 }).catch(() => null);
    if (answer?.status === 200) return app;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The app did not become healthy in ${timeoutMs} ms:\n${output}`);
    }
    await sleep(200);
  }
}

/** Stops an app process for good (SIGKILL), whatever state it is in. */
export async function killApp(app: AppProcess | undefined) {
  if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill("SIGKILL");
  await app.exited;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/**
 * One HTTP request on a connection of its own (no keep-alive pool shared between requests), from
 * a chosen loopback address when given: each 127.x.y.z is another client to the rate limits.
 */
export function request(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    localAddress,
    timeoutMs = 30_000,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    localAddress?: string;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method,
        headers: {
          ...(body ? { "Content-Length": String(Buffer.byteLength(body)) } : {}),
          ...headers,
        },
        localAddress,
        agent: false,
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`${method} ${url} timed out`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** A browser-like form post (same-origin, url-encoded) from a given loopback address. */
export function postForm(
  app: AppProcess,
  pathname: string,
  fields: Record<string, string>,
  options: { localAddress?: string; cookie?: string } = {},
) {
  return request(`${app.url}${pathname}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: app.url,
      Accept: "text/html",
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    localAddress: options.localAddress,
  });
}

/** A resource upload as the browser's form sends it (multipart, a plain-text file). */
export async function uploadText(
  app: AppProcess,
  title: string,
  text: string,
  localAddress?: string,
): Promise<Answer> {
  const form = new FormData();
  form.set("title", title);
  form.set("file", new File([text], `${title}.txt`, { type: "text/plain" }));
  const encoded = new Response(form);
  return request(`${app.url}/resources/upload`, {
    method: "POST",
    headers: {
      "Content-Type": encoded.headers.get("Content-Type") ?? "",
      Origin: app.url,
      Accept: "text/html",
    },
    body: Buffer.from(await encoded.arrayBuffer()),
    localAddress,
  });
}

/**
 * Where this run's client addresses start: the rate limits kept in a shared Redis remember earlier
 * runs for ten minutes, so each run takes other addresses.
 */
const RUN_OFFSET = randomInt(0, 60_000);

/** The n-th loopback client address of this run, e.g. 127.0.1.1: rate limits see n clients. */
export function loopbackClient(n: number): string {
  const index = (RUN_OFFSET + n) % 62_500;
  return `127.${Math.floor(index / 250) + 1}.0.${(index % 250) + 1}`;
}
