import type { Page } from "@playwright/test";
import config from "../../playwright.config";
import { expect, test } from "./fixtures";

/**
 * The offline finder (docs/decisions/182-offline-finder.md): the manifest, the service worker,
 * the saved finder page offline with its time, the offline page, and never the dashboard.
 */

/** Waits until the worker has saved `path` in its pages cache (the offline pages at install). */
async function waitForSaved(page: Page, path: string) {
  await expect
    .poll(
      () =>
        page.evaluate(async (url) => {
          for (const name of await caches.keys()) {
            if (!name.startsWith("pages-")) continue;
            if (await (await caches.open(name)).match(url)) return true;
          }
          return false;
        }, new URL(path, page.url()).href),
      { timeout: 20_000 },
    )
    .toBe(true);
  // And the page is in the worker's hands, so a reload goes through it.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test("the manifests are valid, per language, with icons that load", async ({ page, request }) => {
  for (const [path, manifestUrl, start] of [
    ["/find-help", "/manifest.webmanifest", "/find-help"],
    ["/es/find-help", "/es/manifest.webmanifest", "/es/find-help"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", manifestUrl);
    const response = await request.get(manifestUrl);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      start_url: start,
      display: "standalone",
      theme_color: "#1e3a8a",
    });
    expect(manifest.name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    }
  }
});

test("Chromium finds the finder installable, in both languages", async ({ page, context }) => {
  const devtools = await context.newCDPSession(page);
  for (const path of ["/find-help", "/es/find-help"]) {
    await page.goto(path);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The browser's own installability check (manifest, icons, start URL, worker). Playwright's
    // browsing context is off the record, which Chromium reports as such: not the site's doing.
    const { installabilityErrors } = await devtools.send("Page.getInstallabilityErrors");
    expect(
      installabilityErrors.filter((error) => error.errorId !== "in-incognito"),
      path,
    ).toEqual([]);
  }
});

test("the worker script is never cached long, and a missing asset is a plain 404", async ({
  request,
}) => {
  const worker = await request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["service-worker-allowed"]).toBe("/");
  expect(await worker.text()).toMatch(/const VERSION = "[^"_]+"/);
  const missing = await request.get("/assets/from-an-old-deploy-abc123.js");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toContain("text/plain");
});

test("after one visit the finder works offline with its saved time", async ({ page, context }) => {
  await page.goto("/find-help");
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  await waitForSaved(page, "/find-help");
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading ?? "");
  await expect(page.getByRole("note")).toContainText(/^Saved .+: call before you go$/);
  await context.setOffline(false);
});

test("offline, a page that was not saved shows the offline page in its language", async ({
  page,
  context,
}) => {
  await page.goto("/about");
  await waitForSaved(page, "/offline");
  await waitForSaved(page, "/es/offline");
  await context.setOffline(true);
  // Offline, the page's scripts may be missing: it is not waited for to hydrate.
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await page.goto("/es/contact", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { name: "No tiene conexión" })).toBeVisible();
  await context.setOffline(false);
});

test("Spanish finder offline says when it was saved in Spanish", async ({ page, context }) => {
  await page.goto("/es/find-help");
  await waitForSaved(page, "/es/find-help");
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("note")).toContainText(/^Guardado .+: llame antes de ir$/);
  await context.setOffline(false);
});

test("the dashboard is never kept or served by the worker", async ({ page, context }) => {
  const { env } = config.webServer as { env: Record<string, string> };
  await page.goto("/about");
  await waitForSaved(page, "/offline");
  await page.goto("/login");
  const form = page.getByRole("tabpanel", { name: "Login" });
  await form.getByLabel("Email").fill(env.ADMIN_EMAIL!);
  await form.getByLabel("Password").fill(env.ADMIN_PASSWORD!);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin/);
  await page.goto("/admin/weather");
  await page.goto("/about");
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(kept.filter((url) => /^\/(admin|login|account)/.test(new URL(url).pathname))).toEqual([]);
  await context.setOffline(true);
  // Not from the worker: the browser's own offline error.
  await expect(page.goto("/admin/weather")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(false);
});
