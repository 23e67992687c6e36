import http from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { beforeHeaders } from "../../server/before-headers";
import { markPersonalAnswers } from "../../server/offline/routes";
import { limitConcurrentRenders } from "../../server/render-limit";

type Collect = (options?: { type: "major" | "minor" }) => void;
/** V8's collector, exposed at run time: the test runner starts workers without --expose-gc. */
function collector(): Collect {
  v8.setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as Collect;
}

const oldSpaceUsed = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === "old_space")?.space_used_size ??
  0;

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function listen(app: express.Express): Promise<string> {
  const started = http.createServer(app);
  server = started;
  await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
}

describe("beforeHeaders", () => {
  test("runs its hook once, before the headers go out, and the hook's headers are sent", async () => {
    let calls = 0;
    const app = express();
    app.get("/", (_req, res) => {
      beforeHeaders(res, () => {
        calls += 1;
        res.setHeader("X-Hooked", String(calls));
      });
      res.write("a");
      res.end("b");
    });
    const response = await fetch(await listen(app));
    expect(response.headers.get("X-Hooked")).toBe("1");
    expect(await response.text()).toBe("ab");
    expect(calls).toBe(1);
  });

  // A function expression assigned to `res.writeHead` is allocated in the old generation and keeps
  // the request it captures alive through young collections: each page would then be promoted
  // (docs/decisions/207-request-objects-die-young.md).
  test("a finished request's objects are freed by young-generation collections", async () => {
    const collect = collector();
    const PAYLOAD_OBJECTS = 5_000;
    const REQUESTS = 20;
    const app = express();
    app.use(markPersonalAnswers, limitConcurrentRenders(4));
    app.get("/page", (_req, res) => {
      // About 150 KB of small objects that only this response holds: 3 MB over the requests.
      res.locals.page = Array.from({ length: PAYLOAD_OBJECTS }, (_, index) => ({ index }));
      res.send("ok");
    });
    const base = await listen(app);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<void>((resolve, reject) => {
        http
          .get(`${base}/page`, { agent }, (response) => {
            response.resume();
            response.on("end", resolve);
          })
          .on("error", reject);
      });
    await get();
    collect();
    collect({ type: "minor" });
    const before = oldSpaceUsed();
    for (let request = 0; request < REQUESTS; request += 1) await get();
    agent.destroy();
    collect({ type: "minor" });
    collect({ type: "minor" });
    const promoted = oldSpaceUsed() - before;
    // Express and Node's own per-request leftovers are about 25 KB a request (0.5 MB here); with the
    // payloads kept alive it was over 4 MB.
    expect(promoted).toBeLessThan(1_500_000);
  });
});
