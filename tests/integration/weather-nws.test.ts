/**
 * NWS drafts (docs/decisions/181-nws-drafts.md) against a local fake of api.weather.gov: the real
 * address is never called. Banners are read the way every page reads them (activeBanners).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "#app/db/client.server";
import { mailOutbox, weatherBanners } from "#app/db/schema";
import { activeBanners, endBanner, onWeatherChange } from "#app/features/weather/banners.server";
import { createNwsPoller, type NwsPoller } from "#app/features/weather/nws/poller.server";
import { logger } from "#app/lib/logger.server";
import { type FakeAlert, startNwsFake } from "#tests/fakes/nws-api";

let nws: Awaited<ReturnType<typeof startNwsFake>>;
const pollers: NwsPoller[] = [];

beforeAll(async () => {
  nws = await startNwsFake();
});
afterAll(() => nws.close());
afterEach(() => {
  for (const poller of pollers.splice(0)) poller.stop();
  nws.setMode("ok");
  nws.setAlerts([]);
  vi.restoreAllMocks();
});

function poller(approval: "auto" | "staff" = "auto") {
  const created = createNwsPoller({
    url: nws.url,
    intervalSeconds: 1,
    userAgent: "(Houston Home Foundation, info@houstonhome.org)",
    approval,
    timeoutMs: 1000,
  });
  pollers.push(created);
  return created;
}

const hours = (count: number) => new Date(Date.now() + count * 3_600_000).toISOString();

const freezeWarning: FakeAlert = {
  id: "urn:oid:2.49.0.1.840.0.aaa.001.1",
  event: "Freeze Warning",
  headline: "Freeze Warning issued November 25 at 3:00AM CST until November 26 at 9:00AM CST",
  onset: hours(-1),
  ends: hours(20),
  expires: hours(6),
};

/** When each stored banner ends, as the alert's ISO time. */
async function endsOfBanners() {
  const rows = await db().select().from(weatherBanners);
  return rows.map((row) => row.endsAt.toISOString());
}

describe("NWS drafts", () => {
  test("a Freeze Warning makes a banner within one poll, in both languages, linked to warming centres", async () => {
    nws.setAlerts([freezeWarning]);
    const changes = vi.fn();
    const stop = onWeatherChange(changes);
    expect(await poller().pollOnce()).toEqual({ created: 1, updated: 0, ended: 0 });
    stop();
    expect(changes).toHaveBeenCalled();
    const [english] = await activeBanners("en");
    expect(english).toMatchObject({
      kind: "freeze",
      message: freezeWarning.headline,
      fallbackLang: null,
      link: "/find-help?category=warming-center&open=now",
    });
    expect((await endsOfBanners())[0]).toBe(freezeWarning.ends);
    const [spanish] = await activeBanners("es");
    expect(spanish.message).toMatch(/^Advertencia de helada del Servicio Meteorológico Nacional/);
    expect(spanish.link).toBe("/es/find-help?category=warming-center&open=now");
    expect(nws.requests.at(-1)).toMatchObject({
      "user-agent": "(Houston Home Foundation, info@houstonhome.org)",
      accept: "application/geo+json",
    });
    const [row] = await db().select().from(weatherBanners);
    expect(row).toMatchObject({ source: "nws", nwsAlertId: freezeWarning.id, status: "published" });
    // Staff hear of it through the outbox, once.
    expect(await db().select().from(mailOutbox)).toHaveLength(1);
    expect(await poller().pollOnce()).toEqual({ created: 0, updated: 0, ended: 0 });
    expect(await db().select().from(mailOutbox)).toHaveLength(1);
  });

  test("an Update changes the banner, a Cancel ends it", async () => {
    nws.setAlerts([freezeWarning]);
    const nwsPoller = poller();
    await nwsPoller.pollOnce();
    const update: FakeAlert = {
      ...freezeWarning,
      id: "urn:oid:2.49.0.1.840.0.aaa.002.1",
      event: "Hard Freeze Warning",
      headline:
        "Hard Freeze Warning issued November 25 at 9:00AM CST until November 26 at noon CST",
      messageType: "Update",
      ends: hours(23),
      references: [freezeWarning.id],
      vtec: "/O.UPG.KHGX.FZ.W.0003.000000T0000Z-261126T1500Z/",
    };
    nws.setAlerts([update]);
    expect(await nwsPoller.pollOnce()).toEqual({ created: 0, updated: 1, ended: 0 });
    const [banner] = await activeBanners("en");
    expect(banner).toMatchObject({ message: update.headline });
    expect(await endsOfBanners()).toEqual([update.ends]);
    expect((await activeBanners("es"))[0].message).toMatch(/^Advertencia de helada fuerte/);
    expect(await db().select().from(weatherBanners)).toHaveLength(1);

    nws.setAlerts([
      {
        ...update,
        id: "urn:oid:2.49.0.1.840.0.aaa.003.1",
        messageType: "Cancel",
        references: [freezeWarning.id, update.id],
      },
    ]);
    expect(await nwsPoller.pollOnce()).toMatchObject({ ended: 1 });
    expect(await activeBanners("en")).toEqual([]);
  });

  test("an alert gone from the active list, or updated with the VTEC action CAN, ends its banner", async () => {
    nws.setAlerts([freezeWarning]);
    const nwsPoller = poller();
    await nwsPoller.pollOnce();
    nws.setAlerts([]);
    expect(await nwsPoller.pollOnce()).toMatchObject({ ended: 1 });
    expect(await activeBanners("en")).toEqual([]);

    const heat: FakeAlert = {
      id: "urn:oid:2.49.0.1.840.0.bbb.001.1",
      event: "Excessive Heat Warning",
      headline: "Excessive Heat Warning until 8 PM CDT",
      onset: hours(-1),
      ends: hours(5),
      expires: hours(5),
    };
    nws.setAlerts([heat]);
    await nwsPoller.pollOnce();
    expect((await activeBanners("en"))[0]).toMatchObject({
      kind: "heat",
      link: "/find-help?category=cooling-center&open=now",
    });
    nws.setAlerts([
      {
        ...heat,
        id: "urn:oid:2.49.0.1.840.0.bbb.002.1",
        messageType: "Update",
        references: [heat.id],
        vtec: "/O.CAN.KHGX.EH.W.0001.000000T0000Z-261126T0100Z/",
      },
    ]);
    expect(await nwsPoller.pollOnce()).toMatchObject({ ended: 1 });
    expect(await activeBanners("en")).toEqual([]);
  });

  test("events that are not cold or heat make no banner; staff ending a banner sticks", async () => {
    nws.setAlerts([{ ...freezeWarning, id: "urn:x:flood", event: "Flood Watch" }, freezeWarning]);
    const nwsPoller = poller();
    expect(await nwsPoller.pollOnce()).toMatchObject({ created: 1 });
    const [row] = await db().select().from(weatherBanners);
    expect(await endBanner(row.id)).toBe(true);
    await nwsPoller.pollOnce();
    expect(await activeBanners("en")).toEqual([]);
  });

  test("in staff approval mode the banner waits as a draft", async () => {
    nws.setAlerts([freezeWarning]);
    expect(await poller("staff").pollOnce()).toMatchObject({ created: 1 });
    expect(await activeBanners("en")).toEqual([]);
    const [row] = await db().select().from(weatherBanners);
    expect(row.status).toBe("draft");
    const [mail] = await db().select().from(mailOutbox);
    expect(mail.subject).toBe("Freeze Warning: weather banner waiting for approval");
  });

  test.each([
    ["unreachable", "down"],
    ["failing", "error"],
    ["slow (30 s, cut by the timeout)", "slow"],
    ["malformed", "garbage"],
  ] as const)(
    "NWS %s: the banner stays unchanged and is logged once per outage",
    async (_name, mode) => {
      nws.setAlerts([freezeWarning]);
      const nwsPoller = poller();
      await nwsPoller.pollOnce();
      const before = await activeBanners("en");
      const warn = vi.spyOn(logger, "warn");
      const info = vi.spyOn(logger, "info");
      nws.setMode(mode);
      nws.setAlerts([]);
      expect(await nwsPoller.pollOnce()).toBeNull();
      expect(await nwsPoller.pollOnce()).toBeNull();
      expect(await activeBanners("en")).toEqual(before);
      const outageLines = warn.mock.calls.filter((call) =>
        String(call[1]).startsWith("NWS alerts"),
      );
      expect(outageLines).toHaveLength(1);
      nws.setMode("ok");
      nws.setAlerts([freezeWarning]);
      expect(await nwsPoller.pollOnce()).toEqual({ created: 0, updated: 0, ended: 0 });
      expect(info.mock.calls.some((call) => call[1] === "NWS alerts available again")).toBe(true);
      expect(await activeBanners("en")).toEqual(before);
    },
  );

  test("two pollers on one database make one banner per alert", async () => {
    nws.setAlerts([freezeWarning, { ...freezeWarning, id: "urn:second", event: "Heat Advisory" }]);
    const results = await Promise.all([
      poller().pollOnce(),
      poller().pollOnce(),
      poller().pollOnce(),
    ]);
    expect(results.reduce((sum, result) => sum + (result?.created ?? 0), 0)).toBe(2);
    expect(await db().select().from(weatherBanners)).toHaveLength(2);
    expect(await db().select().from(mailOutbox)).toHaveLength(2);
  });
});
