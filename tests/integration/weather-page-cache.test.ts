/**
 * Weather banners through the real app and its page cache (docs/decisions/180-weather-banners.md):
 * server/app.ts loaded through Vite as in page-cache.test.ts, the NWS poller started by start()
 * against the local fake every second. A banner published or ended reaches cached pages at once;
 * a scheduled one flips them at its start without any other change.
 */
import { mkdirSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { weatherBanners } from "#app/db/schema";
import { resetEnvForTests } from "#app/lib/env.server";
import { createUserSession } from "#tests/auth-utils";
import { startNwsFake } from "#tests/fakes/nws-api";
import { type LoadedSite, serveLikeServerJs } from "./site-server";

let vite: ViteDevServer;
let server: Server;
let base: string;
let nws: Awaited<ReturnType<typeof startNwsFake>>;
let stopApp: () => Promise<void>;

beforeAll(async () => {
  nws = await startNwsFake();
  process.env.NWS_ALERTS_URL = nws.url;
  process.env.NWS_POLL_SECONDS = "1";
  resetEnvForTests();
  vite = await createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  const app = (await vite.ssrLoadModule("./server/app.ts")) as LoadedSite<unknown>;
  const weather = (await vite.ssrLoadModule("./server/weather.ts")) as { stopWeather(): void };
  stopApp = async () => weather.stopWeather();
  // start() marks the embedded database's owner in DATA_DIR/db (server/embedded-database-owner.ts),
  // which the test's in-memory database never created.
  mkdirSync(path.join(process.env.DATA_DIR!, "db"), { recursive: true });
  await app.start();
  server = serveLikeServerJs(app).listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await stopApp?.();
  await new Promise((resolve) => server?.close(resolve));
  await vite?.close();
  await nws?.close();
  delete process.env.NWS_ALERTS_URL;
  delete process.env.NWS_POLL_SECONDS;
  resetEnvForTests();
});

const get = async (path: string) => {
  const response = await fetch(base + path);
  return { cache: response.headers.get("x-page-cache"), html: await response.text() };
};

const houston = (date: Date) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/Chicago",
    dateStyle: "short",
    timeStyle: "short",
  })
    .format(date)
    .replace(" ", "T");

async function postAsStaff(cookie: string, fields: Record<string, string>) {
  const response = await fetch(`${base}/admin/weather`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("weather banners and the page cache", () => {
  test("a staff banner reaches cached pages in both languages at once, and leaves at once", async () => {
    const { cookie } = await createUserSession("editor");
    await get("/about");
    expect((await get("/about")).cache).toBe("hit");
    await postAsStaff(cookie, {
      intent: "create",
      kind: "freeze",
      messageEn: "Freeze tonight: warming centers are open",
      messageEs: "Helada esta noche: centros de calentamiento abiertos",
      endsAt: houston(new Date(Date.now() + 3_600_000)),
    });
    const english = await get("/about");
    expect(english.html).toContain("Freeze tonight: warming centers are open");
    expect(english.html).toContain('href="/find-help?category=warming-center&amp;open=now"');
    expect((await get("/about")).cache).toBe("hit");
    const spanish = await get("/es/about");
    expect(spanish.html).toContain("Helada esta noche");
    expect(spanish.html).toContain('href="/es/find-help?category=warming-center&amp;open=now"');

    const [row] = await db().select().from(weatherBanners);
    await postAsStaff(cookie, { intent: "end", id: row.id });
    expect((await get("/about")).html).not.toContain("Freeze tonight");
    expect((await get("/es/about")).html).not.toContain("Helada esta noche");
  });

  test("a scheduled banner flips cached pages at its start", async () => {
    // The row the weather form stores for a scheduled banner (weather-banners.test.ts posts it),
    // starting in 5 s: the form takes whole minutes, and waiting for the next one took up to 60 s.
    const start = new Date(Date.now() + 5000);
    await db()
      .insert(weatherBanners)
      .values({
        kind: "heat",
        messageEn: "Heat advisory: cooling centers are open",
        link: "/find-help",
        startsAt: start,
        endsAt: new Date(start.getTime() + 3_600_000),
      });
    // Written past the app, as by another process: its banners are read again within the second
    // (app/features/weather/banners.server.ts).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get("/privacy")).html).not.toContain("Heat advisory: cooling");
    expect((await get("/privacy")).cache).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, start.getTime() - Date.now() + 50));
    expect((await get("/privacy")).html).toContain("Heat advisory: cooling");
  });

  test("the NWS poller started with the app puts a Freeze Warning on cached pages, and takes it off", async () => {
    await get("/contact");
    nws.setAlerts([
      {
        id: "urn:oid:2.49.0.1.840.0.app.1",
        event: "Freeze Warning",
        headline: "Freeze Warning issued for Harris County",
        onset: new Date(Date.now() - 60_000).toISOString(),
        expires: new Date(Date.now() + 3_600_000).toISOString(),
      },
    ]);
    await until(async () => (await get("/contact")).html.includes("Freeze Warning issued"));
    expect(nws.requests.at(-1)?.["user-agent"]).toMatch(
      /^\(Houston Home Foundation website, .+@.+\)$/,
    );
    nws.setAlerts([]);
    await until(async () => !(await get("/contact")).html.includes("Freeze Warning issued"));
  });

  test("low data: Save-Data or the switch get a page without scripts, cached apart from the full one", async () => {
    const full = async () => (await fetch(`${base}/about`)).text();
    const light = (headers: Record<string, string>) => fetch(`${base}/about`, { headers });
    expect(await full()).toContain("__reactRouterContext");
    for (const headers of [{ "Save-Data": "on" }, { Cookie: "save-data=on" }] as Record<
      string,
      string
    >[]) {
      await light(headers);
      const response = await light(headers);
      expect(response.headers.get("x-page-cache")).toBe("hit");
      const html = await response.text();
      expect(html).toContain('class="low-data"');
      expect(html).not.toContain("__reactRouterContext");
      expect(html).not.toMatch(/<script[^>]+src=/);
    }
    // The full page is still the full page, from the cache.
    expect(await full()).toContain("__reactRouterContext");

    const on = await fetch(`${base}/save-data`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ on: "1", back: "/about?x=1" }),
      redirect: "manual",
    });
    expect(on.status).toBe(303);
    expect(on.headers.get("location")).toBe("/about?x=1");
    expect(on.headers.get("set-cookie")).toMatch(/^save-data=on; Path=\/; Max-Age=31536000/);
    const away = await fetch(`${base}/save-data`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ on: "0", back: "//evil.example/" }),
      redirect: "manual",
    });
    expect(away.headers.get("location")).toBe("/");
    expect(away.headers.get("set-cookie")).toMatch(/^save-data=; Path=\/; Max-Age=0/);
    // The address itself is a form's target: a visit to it is refused, and sets nothing.
    const visit = await fetch(`${base}/save-data`, { redirect: "manual" });
    expect(visit.status).toBe(405);
    expect(visit.headers.get("allow")).toBe("POST");
    expect(visit.headers.get("set-cookie")).toBeNull();
  });
});
