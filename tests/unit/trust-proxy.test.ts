import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, test } from "vitest";
import { ConfigError, parseEnv } from "#app/lib/env.server";
import { clientIp } from "../../server/request-id";

// docs/decisions/247-trusted-proxies.md
describe("TRUST_PROXY", () => {
  test("takes loopback, uniquelocal or a number of proxies, and refuses anything else by name", () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    for (const bad of ["yes", "true", "0", "10", "10.0.0.0/8"]) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  /** The address the per-client limits see for a request naming 10.1.2.3 as its visitor. */
  async function addressSeen(trust: string | number | false) {
    const app = express();
    app.set("trust proxy", trust);
    app.use(clientIp, (req, res) => {
      res.end(req.headers["x-client-ip"]);
    });
    const server = createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "X-Forwarded-For": "10.1.2.3", "X-Client-Ip": "10.9.9.9" },
      });
      return await answer.text();
    } finally {
      server.close();
    }
  }

  test("a visitor's forwarded address counts only behind a trusted proxy, and never a client's own header", async () => {
    expect(await addressSeen(false)).toBe("127.0.0.1");
    expect(await addressSeen("loopback")).toBe("10.1.2.3");
  });
});
