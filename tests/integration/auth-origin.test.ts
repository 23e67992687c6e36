import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { refuseCrossSite } from "../../server/origin-check";

// The real middleware in front of a handler that records whether the request got through.
let base: string;
let reached = 0;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(refuseCrossSite);
  app.all("/{*path}", (_req, res) => {
    reached += 1;
    res.send("ok");
  });
  await new Promise<void>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => server.close();
      resolve();
    });
  });
});

afterAll(() => close());

async function send(method: string, path: string, headers: Record<string, string> = {}) {
  const before = reached;
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: method === "GET" ? undefined : "email=a%40b.org",
  });
  return { status: response.status, text: await response.text(), reached: reached > before };
}

describe("cross-site requests", () => {
  test.each([
    ["/login", { Origin: "https://evil.example" }],
    ["/logout", { Origin: "https://evil.example" }],
    ["/logout", { Origin: "null" }],
    ["/logout", { "Sec-Fetch-Site": "cross-site" }],
    ["/admin", { "Sec-Fetch-Site": "same-site" }],
    // PUBLIC_URL is http://localhost:3000: another port is another origin.
    ["/login", { Origin: "http://localhost:3001", "Sec-Fetch-Site": "same-site" }],
  ] as Array<[string, Record<string, string>]>)(
    "a POST to %s with %o is refused before any route runs",
    async (path, headers) => {
      const result = await send("POST", path, headers);
      expect(result.status).toBe(403);
      expect(result.text).toBe("Cross-site request refused");
      expect(result.reached).toBe(false);
    },
  );

  test("a POST from PUBLIC_URL's origin goes through", async () => {
    const result = await send("POST", "/logout", {
      Origin: "http://localhost:3000",
      "Sec-Fetch-Site": "same-origin",
    });
    expect(result).toMatchObject({ status: 200, reached: true });
  });

  test("a POST from the origin the request was sent to goes through", async () => {
    expect(await send("POST", "/logout", { Origin: base })).toMatchObject({ reached: true });
  });

  test("same-origin fetch metadata without an Origin header goes through", async () => {
    expect(await send("POST", "/logout", { "Sec-Fetch-Site": "same-origin" })).toMatchObject({
      reached: true,
    });
  });

  test("a request with no browser headers at all (a webhook) goes through", async () => {
    expect(await send("POST", "/api/webhook")).toMatchObject({ status: 200, reached: true });
  });

  test("safe methods are never refused (links from other sites keep working)", async () => {
    const result = await send("GET", "/login", { "Sec-Fetch-Site": "cross-site" });
    expect(result.status).toBe(200);
  });
});
