import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { markPersonalAnswers } from "../../server/offline/routes";

// The rule that keeps personal answers out of the service worker's cache
// (docs/decisions/182-offline-finder.md).
let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(markPersonalAnswers);
  app.get("/page", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=60");
    res.send("page");
  });
  app.get("/sets-cookie", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=60");
    res.setHeader("Set-Cookie", "flash=saved; Path=/; HttpOnly");
    res.send("saved");
  });
  app.get("/no-store", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.send("fresh");
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("markPersonalAnswers", () => {
  test("an anonymous visitor's answer keeps its own caching", async () => {
    const response = await fetch(`${base}/page`);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
  });

  test("an answer to a request with a session cookie is private", async () => {
    const response = await fetch(`${base}/page`, { headers: { Cookie: "session=abc" } });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toBe("page");
  });

  test("an answer that sets a cookie is private, even to an anonymous visitor", async () => {
    const response = await fetch(`${base}/sets-cookie`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  test("an answer already kept out of caches is left as it is", async () => {
    const response = await fetch(`${base}/no-store`, { headers: { Cookie: "session=abc" } });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});
