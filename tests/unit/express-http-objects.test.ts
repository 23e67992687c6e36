import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, test, vi } from "vitest";
import { expressHttpObjects } from "../../server/express-http-objects";

/**
 * server.js's HTTP server makes requests and responses with Express's prototypes, and the site's
 * routes are a Router, so no request's prototype changes on its way
 * (docs/decisions/193-requests-born-with-express-prototypes.md).
 */

let server: http.Server | undefined;
afterEach(() => {
  server?.close();
  vi.restoreAllMocks();
});

async function serve(application: express.Express): Promise<string> {
  server = http.createServer(expressHttpObjects(application), application);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test("a request reaches the site's routes without its prototype changing, and Express works on it", async () => {
  const application = express();
  const site = express.Router();
  const switches: unknown[] = [];
  site.get("/search", (req, res) => {
    res.json({
      q: req.query.q,
      requestIsExpress: Object.getPrototypeOf(req) === application.request,
      responseIsExpress: Object.getPrototypeOf(res) === application.response,
    });
  });
  application.use(site);
  const url = await serve(application);
  const setPrototypeOf = Object.setPrototypeOf;
  vi.spyOn(Object, "setPrototypeOf").mockImplementation((target, prototype) => {
    const requestOrResponse =
      target instanceof http.IncomingMessage || target instanceof http.ServerResponse;
    if (requestOrResponse && Object.getPrototypeOf(target) !== prototype) switches.push(target);
    return setPrototypeOf(target, prototype);
  });
  const answer = await fetch(`${url}/search?q=shelter`);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await answer.json()).toEqual({
    q: "shelter",
    requestIsExpress: true,
    responseIsExpress: true,
  });
  expect(switches).toEqual([]);
});
