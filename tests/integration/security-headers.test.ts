import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { resetEnvForTests } from "#app/lib/env.server";
import { listenOnLoopback } from "#tests/http-server";
import { securityHeaders } from "../../server/security-headers";

// The real middleware in front of a handler that echoes the nonce the renderer would receive.
let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders);
  app.all("/{*path}", (_req, res) => {
    res.send(String(res.locals.cspNonce));
  });
  ({ base, close } = await listenOnLoopback(app));
});

afterAll(() => close());

const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: "sk_test_headers",
  STRIPE_PUBLISHABLE_KEY: "pk_test_headers",
  STRIPE_WEBHOOK_SECRET: "whsec_headers",
};

function configure(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

afterEach(() => {
  configure({
    PUBLIC_URL: "http://localhost:3000",
    STRIPE_SECRET_KEY: undefined,
    STRIPE_PUBLISHABLE_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  });
});

/** The policy's directives by name, each with its values. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    (policy ?? "").split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe("security headers", () => {
  test("each answer carries its own nonce, which the policy names for scripts", async () => {
    const first = await fetch(`${base}/about`);
    const second = await fetch(`${base}/about`);
    const nonce = await first.text();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(await second.text()).not.toBe(nonce);
    const policy = directives(first.headers.get("content-security-policy"));
    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
  });

  test("the policy forbids inline scripts, framing, plugins, foreign bases and form targets", async () => {
    const response = await fetch(`${base}/`);
    const policy = directives(response.headers.get("content-security-policy"));
    expect(response.headers.get("content-security-policy")).not.toMatch(/unsafe-eval/);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
  });

  test("without Stripe keys no Stripe origin is allowed", async () => {
    const response = await fetch(`${base}/donate`);
    expect(response.headers.get("content-security-policy")).not.toMatch(/stripe/);
    expect(response.headers.get("permissions-policy")).toContain("payment=()");
  });

  test("with Stripe keys exactly Stripe.js, its frames and its API are allowed", async () => {
    configure(STRIPE_KEYS);
    const response = await fetch(`${base}/donate`);
    const nonce = await response.text();
    const policy = directives(response.headers.get("content-security-policy"));
    expect(policy.get("script-src")).toEqual([
      "'self'",
      `'nonce-${nonce}'`,
      "https://js.stripe.com",
    ]);
    expect(policy.get("frame-src")).toEqual(["https://js.stripe.com", "https://hooks.stripe.com"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
    expect(response.headers.get("permissions-policy")).toContain(
      'payment=(self "https://js.stripe.com")',
    );
  });

  test("the Permissions-Policy turns off unused features and keeps read-aloud and near me", async () => {
    const response = await fetch(`${base}/`);
    const policy = response.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera", "microphone", "usb", "fullscreen"]) {
      expect(policy).toContain(`${feature}=()`);
    }
    expect(policy).toContain("autoplay=(self)");
    // Our own pages only, never a frame they embed.
    expect(policy).toContain("geolocation=(self)");
  });

  test("HSTS is sent only when the site is served over https", async () => {
    const overHttp = await fetch(`${base}/`);
    expect(overHttp.headers.get("strict-transport-security")).toBeNull();
    expect(overHttp.headers.get("content-security-policy")).not.toMatch(/upgrade-insecure/);

    configure({ PUBLIC_URL: "https://example.org" });
    const overHttps = await fetch(`${base}/`);
    expect(overHttps.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    expect(overHttps.headers.get("content-security-policy")).toMatch(/upgrade-insecure-requests/);
  });

  test("helmet's other headers stay on", async () => {
    const response = await fetch(`${base}/files/x`, { method: "POST" });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  test("only link preview images may be embedded by other sites", async () => {
    expect((await fetch(`${base}/about`)).headers.get("cross-origin-resource-policy")).toBe(
      "same-origin",
    );
    expect(
      (await fetch(`${base}/og/en/home.png`)).headers.get("cross-origin-resource-policy"),
    ).toBe("cross-origin");
  });
});
