/**
 * PostgreSQL and Redis going away under the running app (docs/decisions/120-database-outage.md):
 * the process lives on, visitors get the 503 page within 10 s, /healthz fails, and the app recovers
 * by itself.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type AppProcess,
  freshDatabase,
  killApp,
  loopbackClient,
  postForm,
  query,
  REDIS_URL,
  request,
  sleep,
  startApp,
  TcpProxy,
  tempDir,
} from "./harness";

/** No request may take longer than this during an outage. */
const MAX_ANSWER_MS = 10_000;

async function waitForHealth(app: AppProcess, status: number, withinMs: number) {
  const deadline = Date.now() + withinMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await request(`${app.url}/healthz`, { timeoutMs: MAX_ANSWER_MS })).status;
    if (last === status) return;
    await sleep(250);
  }
  throw new Error(`/healthz answered ${last}, not ${status}, for ${withinMs} ms`);
}

describe("PostgreSQL goes away under the running app", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let proxy: TcpProxy;
  let app: AppProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDir("outage");
    database = await freshDatabase();
    const target = new URL(database.url);
    proxy = await new TcpProxy(Number(target.port || 5432), target.hostname).listen();
    const throughProxy = new URL(database.url);
    throughProxy.port = String(proxy.port);
    app = await startApp({ DATABASE_URL: throughProxy.toString(), DATA_DIR: dataDir });
  });

  afterAll(async () => {
    await killApp(app);
    await proxy?.cut();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("answers 503 quickly while it is gone and recovers by itself when it returns", async () => {
    const page = await request(`${app.url}/about`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);

    await proxy.cut();
    // The pool hears its connections drop: the outage is known within moments.
    await waitForHealth(app, 503, MAX_ANSWER_MS);

    // Pages, an API and a form post: each answered in time, the page in the friendly words.
    // (Anonymous bare pages may come from the page cache instead: these need the database.)
    const during = await Promise.all([
      request(`${app.url}/about`, { headers: { Accept: "text/html", Cookie: "toast=x" } }),
      request(`${app.url}/resources?q=food`, { headers: { Accept: "text/html" } }),
      request(`${app.url}/api/altcha/challenge`, { headers: { Accept: "application/json" } }),
      postForm(app, "/home", { firstName: "Ana", email: "ana@example.org" }),
    ]);
    for (const answer of during) {
      expect(answer.ms).toBeLessThan(MAX_ANSWER_MS);
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBeDefined();
    }
    expect(during[0].headers["content-type"]).toMatch(/text\/html/);
    expect(during[0].body).toContain("We will be right back");
    expect(during[2].headers["content-type"]).toMatch(/application\/json/);
    expect(JSON.parse(during[2].body)).toEqual({
      error: "The service is temporarily unavailable. Please try again in a few minutes.",
    });

    const health = await request(`${app.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(MAX_ANSWER_MS);
    expect(app.child.exitCode).toBeNull();

    await proxy.restore();
    await waitForHealth(app, 200, 15_000);
    const after = await postForm(
      app,
      "/home",
      { firstName: "Ana", email: "ana@example.org" },
      { localAddress: loopbackClient(1) },
    );
    expect(after.status).toBe(302);
    expect((await request(`${app.url}/resources?q=food`)).status).toBe(200);
    const rows = await query<{ email: string }>(
      database.url,
      "select email from newsletter_subscriptions",
    );
    // The post refused during the outage wrote nothing; the one after it wrote its row.
    expect(rows).toEqual([{ email: "ana@example.org" }]);
  });

  test("requests in flight when it goes all end within 10 s, and the process lives on", async () => {
    await waitForHealth(app, 200, 15_000);
    const inFlight = Array.from({ length: 30 }, (_, n) =>
      n % 2 === 0
        ? request(`${app.url}/resources?q=food${n}`, { headers: { Accept: "text/html" } })
        : postForm(
            app,
            "/home",
            { firstName: "Flight", email: `flight${n}@example.org` },
            { localAddress: loopbackClient(100 + n) },
          ),
    );
    await sleep(20);
    await proxy.cut();
    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect(answer.ms).toBeLessThan(MAX_ANSWER_MS);
      // Finished before the cut, refused after it, or failed by it: never a hang.
      expect([200, 302, 500, 503]).toContain(answer.status);
    }
    await waitForHealth(app, 503, MAX_ANSWER_MS);
    expect(app.child.exitCode).toBeNull();

    await proxy.restore();
    await waitForHealth(app, 200, 15_000);
    expect((await request(`${app.url}/resources?q=shelter`)).status).toBe(200);
    expect(app.output()).toContain("database reachable again");
  });

  test("a database that stops answering cannot hold a request past 10 s either", async () => {
    await waitForHealth(app, 200, 15_000);
    proxy.freeze();
    const stuck = await Promise.all([
      request(`${app.url}/resources?q=stuck`, { headers: { Accept: "text/html" } }),
      postForm(
        app,
        "/home",
        { firstName: "Stuck", email: "stuck@example.org" },
        { localAddress: loopbackClient(300) },
      ),
      request(`${app.url}/healthz`),
    ]);
    for (const answer of stuck) expect(answer.ms).toBeLessThan(MAX_ANSWER_MS);
    // The request that runs into the outage gets the outage page too, not the error screen.
    expect(stuck[0].status).toBe(503);
    expect(stuck[0].body).toContain("We will be right back");
    // The sign-up form answers a failed save with its own "Something went wrong" toast.
    expect([302, 500, 503]).toContain(stuck[1].status);
    expect(stuck[2].status).toBe(503);
    // The timeouts count as an outage: the next visitor is answered at once.
    const next = await request(`${app.url}/resources?q=next`, { headers: { Accept: "text/html" } });
    expect(next.status).toBe(503);
    expect(next.ms).toBeLessThan(1000);

    proxy.thaw();
    await waitForHealth(app, 200, 15_000);
    expect((await request(`${app.url}/resources?q=thawed`)).status).toBe(200);
    expect(app.child.exitCode).toBeNull();
  });
});

describe("Redis goes away under the running app", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let proxy: TcpProxy;
  let app: AppProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDir("redis");
    database = await freshDatabase();
    const redis = new URL(REDIS_URL);
    proxy = await new TcpProxy(Number(redis.port || 6379), redis.hostname).listen();
    const throughProxy = new URL(REDIS_URL);
    throughProxy.port = String(proxy.port);
    app = await startApp({
      DATABASE_URL: database.url,
      REDIS_URL: throughProxy.toString(),
      DATA_DIR: dataDir,
    });
  });

  afterAll(async () => {
    await killApp(app);
    await proxy?.cut();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("forms keep working with limits held in memory, and Redis is used again once back", async () => {
    const signUp = (n: number, address = loopbackClient(n)) =>
      postForm(
        app,
        "/home",
        { firstName: "Redis", email: `redis${n}@example.org` },
        { localAddress: address },
      );
    expect((await signUp(1)).status).toBe(302);

    await proxy.cut();
    const during = await Promise.all([2, 3, 4].map((n) => signUp(n)));
    for (const answer of during) {
      expect(answer.ms).toBeLessThan(MAX_ANSWER_MS);
      expect(answer.status).toBe(302);
    }
    // The in-memory stand-in still limits: one client's 21st sign-up in ten minutes is refused.
    const client = loopbackClient(500);
    const burst = await Promise.all(Array.from({ length: 21 }, (_, n) => signUp(1000 + n, client)));
    const statuses = burst.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(20).fill(302), 429]);
    for (const answer of burst) expect(answer.ms).toBeLessThan(MAX_ANSWER_MS);

    await proxy.restore();
    await sleep(2500); // ioredis reconnects on its own
    expect((await signUp(5)).status).toBe(302);
    const rows = await query<{ count: string }>(
      database.url,
      "select count(*) from newsletter_subscriptions",
    );
    expect(Number(rows[0].count)).toBe(1 + 3 + 20 + 1);
    expect(app.child.exitCode).toBeNull();
  });
});
