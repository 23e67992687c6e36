/**
 * SIGTERM (docs/decisions/122-graceful-stop.md): no new connections, the request in flight
 * finishes, the database is closed cleanly and the process exits 0, within a bound even if a client
 * stalls.
 */
import { rmSync } from "node:fs";
import net from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import {
  type AppProcess,
  CLUSTER_IN_PRODUCTION,
  CLUSTER_SHUT_DOWN,
  freshDatabase,
  killApp,
  pgliteClusterState,
  pgliteRows,
  query,
  sleep,
  startApp,
  tempDir,
} from "./harness";

/**
 * A newsletter sign-up whose body is sent in two halves: the request is in flight between them.
 * It asks `Expect: 100-continue`, so the server's "100 Continue" proves it has the request in
 * hand before the test goes on. `answered` has everything the server sent once it closes.
 */
function signUpInTwoHalves(app: AppProcess, email: string) {
  const body = new URLSearchParams({ firstName: "Grace", email }).toString();
  const socket = net.connect(app.port, "127.0.0.1");
  let answer = "";
  let heardContinue: () => void = () => undefined;
  const continued = new Promise<void>((resolve) => {
    heardContinue = resolve;
  });
  socket.on("data", (chunk) => {
    answer += chunk;
    if (answer.startsWith("HTTP/1.1 100 ")) heardContinue();
  });
  const answered = new Promise<string>((resolve, reject) => {
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
  const head = [
    "POST /home HTTP/1.1",
    `Host: 127.0.0.1:${app.port}`,
    `Origin: ${app.url}`,
    "Content-Type: application/x-www-form-urlencoded",
    `Content-Length: ${body.length}`,
    "Connection: keep-alive",
    "Expect: 100-continue",
    "",
    "",
  ].join("\r\n");
  const half = Math.floor(body.length / 2);
  const connected = new Promise<void>((resolve) => socket.on("connect", resolve));
  return {
    async sendFirstHalf() {
      await connected;
      socket.write(head);
      await continued;
      socket.write(body.slice(0, half));
    },
    sendRest() {
      socket.write(body.slice(half));
    },
    answered,
    socket,
  };
}

/** Whether the port refuses connections within `withinMs` (a busy process may be slow to stop). */
async function refusesConnectionsWithin(port: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  do {
    if (await refusesConnections(port)) return true;
    await sleep(100);
  } while (Date.now() < deadline);
  return false;
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", () => resolve(true));
  });
}

const dirs: string[] = [];
const apps: AppProcess[] = [];
afterAll(async () => {
  await Promise.all(apps.map(killApp));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function stopGracefullyWithARequestInFlight(app: AppProcess, email: string) {
  const inFlight = signUpInTwoHalves(app, email);
  await inFlight.sendFirstHalf();
  await sleep(200);
  const stoppedAt = performance.now();
  app.child.kill("SIGTERM");
  expect(await refusesConnectionsWithin(app.port, 5000)).toBe(true);
  expect(app.child.exitCode).toBeNull(); // still finishing the sign-up

  inFlight.sendRest();
  const answer = await inFlight.answered;
  expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 302 /);
  expect(answer).toMatch(/location: \/home/i);
  expect(await app.exited).toBe(0);
  expect(performance.now() - stoppedAt).toBeLessThan(10_000);
  expect(app.output()).toContain("SIGTERM received");
}

describe("SIGTERM", () => {
  test("on PGlite: finishes the request in flight, closes the database cleanly, exits 0", async () => {
    const dataDir = tempDir("graceful");
    dirs.push(dataDir);
    const app = await startApp({ DATA_DIR: dataDir });
    apps.push(app);
    expect(pgliteClusterState(dataDir)).toBe(CLUSTER_IN_PRODUCTION);

    await stopGracefullyWithARequestInFlight(app, "grace@example.org");
    expect(pgliteClusterState(dataDir)).toBe(CLUSTER_SHUT_DOWN);

    // The sign-up the client was told about is stored, and the app starts again on the files.
    expect(await pgliteRows(dataDir, "select email from newsletter_subscriptions")).toEqual([
      { email: "grace@example.org" },
    ]);
    const again = await startApp({ DATA_DIR: dataDir });
    apps.push(again);
    await killApp(again);
  });

  test("on PostgreSQL: the same, with the sign-up stored", async () => {
    const database = await freshDatabase();
    const dataDir = tempDir("graceful-pg");
    dirs.push(dataDir);
    try {
      const app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: database.url });
      apps.push(app);
      await stopGracefullyWithARequestInFlight(app, "grace.pg@example.org");
      const rows = await query<{ email: string }>(
        database.url,
        "select email from newsletter_subscriptions",
      );
      expect(rows).toEqual([{ email: "grace.pg@example.org" }]);
    } finally {
      await database.drop();
    }
  });

  test("a client that never finishes its request cannot hold the stop past the grace period", async () => {
    const dataDir = tempDir("graceful-stall");
    dirs.push(dataDir);
    const app = await startApp({ DATA_DIR: dataDir });
    apps.push(app);
    const stalled = signUpInTwoHalves(app, "stall@example.org");
    await stalled.sendFirstHalf();
    stalled.answered.catch(() => undefined);
    const stoppedAt = performance.now();
    app.child.kill("SIGTERM");
    expect(await app.exited).toBe(0);
    const took = performance.now() - stoppedAt;
    expect(took).toBeGreaterThan(9_000);
    expect(took).toBeLessThan(13_000);
    expect(pgliteClusterState(dataDir)).toBe(CLUSTER_SHUT_DOWN);
  });
});
