import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listenOnLoopback } from "#tests/http-server";
import { limitRequests, REQUEST_TIERS, tierFor } from "../../server/request-limits";

// The real middleware in front of a handler that counts the requests it lets through.
let base: string;
let reached = 0;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(limitRequests);
  app.all("/{*path}", (_req, res) => {
    reached += 1;
    res.send("ok");
  });
  ({ base, close } = await listenOnLoopback(app));
});

afterAll(() => close());

function send(path: string, client: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("x-client-ip", client);
  return fetch(`${base}${path}`, { ...init, headers });
}

describe("every state-changing request is rate-limited", () => {
  test("each kind of request has its budget", () => {
    const tier = (path: string, type = "application/x-www-form-urlencoded") =>
      tierFor({ path, headers: { "content-type": type } }).name;
    expect(tier("/api/stripe/webhook", "application/json")).toBe(REQUEST_TIERS.webhook.name);
    expect(tier("/admin/documents", "multipart/form-data; boundary=x")).toBe(
      REQUEST_TIERS.upload.name,
    );
    expect(tier("/resources/upload", "multipart/form-data; boundary=x")).toBe(
      REQUEST_TIERS.upload.name,
    );
    expect(tier("/admin/users")).toBe(REQUEST_TIERS.mutation.name);
  });

  test("uploads over the budget get 429 with Retry-After and never reach a route", async () => {
    const client = "198.51.100.10";
    const upload = () =>
      send("/admin/documents", client, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        body: "--x--",
      });
    for (let index = 0; index < REQUEST_TIERS.upload.points; index++) {
      expect((await upload()).status).toBe(200);
    }
    const before = reached;
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/^Too many requests\. Please wait \d+ minute\(s\)/);
    expect(reached).toBe(before);

    // Another client, and a plain form post of the same one, still go through.
    expect(
      (await send("/admin/documents", "198.51.100.11", { method: "POST", body: "a=1" })).status,
    ).toBe(200);
    expect((await send("/admin/users", client, { method: "POST", body: "a=1" })).status).toBe(200);
  });

  test("other mutations have their own, larger budget; reads are never counted", async () => {
    const client = "198.51.100.20";
    const post = () => send("/contact", client, { method: "DELETE" });
    for (let index = 0; index < REQUEST_TIERS.mutation.points; index++) {
      expect((await post()).status).toBe(200);
    }
    expect((await post()).status).toBe(429);
    expect((await send("/contact", client)).status).toBe(200);
  });
});
