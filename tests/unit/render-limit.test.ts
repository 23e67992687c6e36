import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { limitConcurrentRenders } from "../../server/render-limit";

interface Reply {
  status: number;
  body: string;
}

/** A request the route handler holds open until the test lets it answer. */
interface Held {
  id: string;
  res: express.Response;
  released: boolean;
}

/**
 * A real app on an ephemeral port: an observer that notes each request before the limiter, the
 * limiter, and a page route that holds every response open until `release(id)`.
 */
async function startApp(limit: number) {
  const arrived: string[] = [];
  const socketClosed = new Set<string>();
  const entered: string[] = [];
  const held: Held[] = [];
  let maxInside = 0;

  const app = express();
  app.use((req, _res, next) => {
    const id = String(req.query.id);
    arrived.push(id);
    req.socket.once("close", () => socketClosed.add(id));
    next();
  });
  app.use(limitConcurrentRenders(limit));
  app.get("/page", (req, res) => {
    const id = String(req.query.id);
    entered.push(id);
    held.push({ id, res, released: false });
    // Renders in flight: neither answered by the test nor cut off by their client.
    const inside = held.filter((h) => !h.released && !h.res.destroyed).length;
    maxInside = Math.max(maxInside, inside);
  });
  // A download or an export: its answer starts at once, then its body keeps coming.
  app.get("/stream", (req, res) => {
    const id = String(req.query.id);
    entered.push(id);
    held.push({ id, res, released: false });
    res.write("first part ");
  });
  app.post("/form", (_req, res) => {
    res.send("posted");
  });

  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const clients: http.ClientRequest[] = [];

  /** Sends a request on its own connection; resolves once the server has seen it. */
  async function send(id: string, method = "GET", path = "/page") {
    const req = http.request({
      host: "127.0.0.1",
      port,
      path: `${path}?id=${id}`,
      method,
      agent: false,
      headers: { Connection: "close" },
    });
    clients.push(req);
    const reply = new Promise<Reply>((resolve, reject) => {
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      });
      req.on("error", reject);
    });
    // Requests the test aborts reject; that is expected and must not count as unhandled.
    reply.catch(() => undefined);
    req.end(method === "POST" ? "name=value" : undefined);
    // Wait until the server has the request, so arrival order is the order of sending.
    await expect.poll(() => arrived.includes(id), { timeout: 2000, interval: 5 }).toBe(true);
    return { req, reply };
  }

  function release(id: string) {
    const entry = held.find((h) => h.id === id);
    if (!entry) throw new Error(`${id} never reached the handler`);
    entry.released = true;
    entry.res.end(id);
  }

  async function close() {
    for (const h of held) if (!h.released && !h.res.destroyed) h.res.end();
    for (const req of clients) req.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  return {
    arrived,
    entered,
    socketClosed,
    send,
    release,
    close,
    maxInside: () => maxInside,
  };
}

type App = Awaited<ReturnType<typeof startApp>>;

/** Gives the server a moment in which a wrongly admitted request would reach the handler. */
const settle = () => sleep(30);

/** Polls until the handler has seen exactly `ids`, in that order. */
async function expectEntered(app: App, ids: string[]) {
  await expect.poll(() => app.entered, { timeout: 2000, interval: 5 }).toEqual(ids);
}

describe("limitConcurrentRenders", () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  test("admits at most `limit` GETs at once and lets the waiting ones in first come first served", async () => {
    app = await startApp(2);
    const a = await app.send("a");
    const b = await app.send("b");
    await expectEntered(app, ["a", "b"]);

    const c = await app.send("c");
    const d = await app.send("d");
    const e = await app.send("e");
    await settle();
    expect(app.arrived).toEqual(["a", "b", "c", "d", "e"]);
    expect(app.entered).toEqual(["a", "b"]);

    // The second one to enter finishes first; still the longest waiting goes next.
    app.release("b");
    expect(await b.reply).toEqual({ status: 200, body: "b" });
    await expectEntered(app, ["a", "b", "c"]);
    await settle();
    expect(app.entered).toEqual(["a", "b", "c"]);

    app.release("a");
    expect(await a.reply).toEqual({ status: 200, body: "a" });
    await expectEntered(app, ["a", "b", "c", "d"]);

    app.release("c");
    await expectEntered(app, ["a", "b", "c", "d", "e"]);
    app.release("d");
    app.release("e");

    expect(await c.reply).toEqual({ status: 200, body: "c" });
    expect(await d.reply).toEqual({ status: 200, body: "d" });
    expect(await e.reply).toEqual({ status: 200, body: "e" });
    expect(app.maxInside()).toBe(2);
  });

  test("answers a POST at once while every slot is taken and GETs are waiting", async () => {
    app = await startApp(1);
    await app.send("a");
    await expectEntered(app, ["a"]);
    await app.send("b");

    const post = await app.send("p", "POST", "/form");
    expect(await post.reply).toEqual({ status: 200, body: "posted" });
    // The post neither took the held GET's place nor let the waiting one in.
    expect(app.entered).toEqual(["a"]);

    app.release("a");
    await expectEntered(app, ["a", "b"]);
    app.release("b");
    expect(app.maxInside()).toBe(1);
  });

  test("a client that leaves while waiting never reaches the handler and gives its place back", async () => {
    app = await startApp(2);
    await app.send("a");
    await app.send("b");
    await expectEntered(app, ["a", "b"]);
    const c = await app.send("c");
    const d = await app.send("d");
    const e = await app.send("e");

    // One waiting client in the middle of the line and the last one leave.
    c.req.destroy();
    e.req.destroy();
    await expect.poll(() => app?.socketClosed.has("c"), { timeout: 2000, interval: 5 }).toBe(true);
    await expect.poll(() => app?.socketClosed.has("e"), { timeout: 2000, interval: 5 }).toBe(true);
    await expect(c.reply).rejects.toThrow();
    await expect(e.reply).rejects.toThrow();

    app.release("a");
    await expectEntered(app, ["a", "b", "d"]);
    app.release("b");
    app.release("d");
    expect(await d.reply).toEqual({ status: 200, body: "d" });
    await settle();
    expect(app.entered).toEqual(["a", "b", "d"]);

    // No slot was lost nor gained: again exactly two renders at once, and a third waits.
    const f = await app.send("f");
    const g = await app.send("g");
    const h = await app.send("h");
    await expectEntered(app, ["a", "b", "d", "f", "g"]);
    await settle();
    expect(app.entered).toEqual(["a", "b", "d", "f", "g"]);
    app.release("f");
    await expectEntered(app, ["a", "b", "d", "f", "g", "h"]);
    app.release("g");
    app.release("h");
    expect(await f.reply).toEqual({ status: 200, body: "f" });
    expect(await g.reply).toEqual({ status: 200, body: "g" });
    expect(await h.reply).toEqual({ status: 200, body: "h" });
    expect(app.maxInside()).toBe(2);
  });

  test("a client that leaves during its render frees the slot", async () => {
    app = await startApp(2);
    const a = await app.send("a");
    await app.send("b");
    await expectEntered(app, ["a", "b"]);
    await app.send("c");
    await settle();
    expect(app.entered).toEqual(["a", "b"]);

    // The response never finishes: its connection closes under it.
    a.req.destroy();
    await expect(a.reply).rejects.toThrow();
    await expectEntered(app, ["a", "b", "c"]);

    app.release("b");
    app.release("c");
    await settle();

    // Both slots are free again, and no more than two.
    await app.send("d");
    await app.send("e");
    await app.send("f");
    await expectEntered(app, ["a", "b", "c", "d", "e"]);
    await settle();
    expect(app.entered).toEqual(["a", "b", "c", "d", "e"]);
    app.release("d");
    await expectEntered(app, ["a", "b", "c", "d", "e", "f"]);
    app.release("e");
    app.release("f");
    expect(app.maxInside()).toBe(2);
  });

  test("an answer whose headers went out gives its place up while its body streams", async () => {
    app = await startApp(1);
    const download = await app.send("s", "GET", "/stream");
    await expectEntered(app, ["s"]);
    await app.send("a");
    await expectEntered(app, ["s", "a"]);
    app.release("a");
    app.release("s");
    expect(await download.reply).toEqual({ status: 200, body: "first part s" });
  });
});
