import { createHash } from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { expect, test } from "./fixtures";

/**
 * Every route of app/routes.ts (pages in both languages, resource and API routes, with sample
 * parameters), plus /healthz, a static file and a 404, answers with the security headers of
 * docs/decisions/130-content-security-policy.md; on pages, every <script> carries the nonce the
 * policy names, except on pages answered from the cache, whose policy names the hash of each inline
 * script and no nonce (docs/decisions/151-cached-pages-without-a-shared-nonce.md).
 */
function allPaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const own = (path || "/")
      .replace(/\/\*$/, "/this-page-does-not-exist")
      .replace(":file", "subscribers.csv")
      // The placeholder pages' route, at one of its pages (app/site/placeholder-pages.ts).
      .replace(":page", "give")
      .replace(/:[a-z]+/gi, "sample");
    return [own, ...allPaths(entry.children ?? [], path)];
  });
}

const paths = [
  ...new Set([...allPaths(routes), "/healthz", "/icons/icon-32.png", "/no/such/page"]),
];

test("the walk covers pages, both languages, API routes and files", () => {
  expect(paths).toEqual(
    expect.arrayContaining([
      "/",
      "/es/about",
      "/give",
      "/es/give",
      "/api/stripe/webhook",
      "/files/sample",
      "/healthz",
    ]),
  );
});

for (const path of paths) {
  test(`security headers on ${path}`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    const cached = headers["x-page-cache"] === "hit";
    const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
    if (cached) expect(nonce, `${path}: a cached page's CSP holds no nonce`).toBeUndefined();
    else expect(nonce, `${path}: CSP with a nonce`).toBeTruthy();
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    // Served over http here: no HSTS.
    expect(headers["strict-transport-security"]).toBeUndefined();
    expect(headers["x-powered-by"]).toBeUndefined();
    if ((headers["content-type"] ?? "").startsWith("text/html")) {
      const page = await response.text();
      if (cached) {
        const inline = [...page.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
        expect(inline.length, path).toBeGreaterThan(0);
        for (const [, script] of inline) {
          const hash = createHash("sha256").update(script).digest("base64");
          expect(policy, path).toContain(`'sha256-${hash}'`);
        }
      } else {
        const scripts = page.match(/<script\b[^>]*>/g) ?? [];
        for (const script of scripts) expect(script, path).toContain(`nonce="${nonce}"`);
      }
    }
  });
}

test("a state-changing API answer carries the headers too", async ({ request }) => {
  const response = await request.post("/api/stripe/webhook", { data: "{}" });
  expect(response.status()).toBeLessThan(500);
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});
