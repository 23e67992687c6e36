/**
 * Seats and the waitlist under a rush (docs/decisions/237-volunteer-shifts.md): concurrent
 * sign-ups against the real database, offers of freed seats, their claim links and their lapse,
 * with the calendar entries read back by ical.js.
 */

import { asc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { shiftSignups, volunteerShifts } from "#app/db/schema";
import { offerFromClaimToken } from "#app/features/shifts/links.server";
import { cancelSignup, claimOffer, lapseOffers } from "#app/features/shifts/places.server";
import { signUp } from "#app/features/shifts/seats.server";
import { createShifts } from "#app/features/shifts/staff.server";
import { calendarOf, HOUR, mailsOfKind } from "./shifts-helpers";

function dayFromNow(days: number) {
  return new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);
}

/** A shift `days` ahead, 9 to 12 in Houston, with the given seats and waitlist. */
async function shift(seats: number, waitlistLength: number, days = 10) {
  const result = await createShifts({
    opportunity: "meal-service",
    titleEn: "Breakfast line",
    titleEs: "Fila del desayuno",
    day: dayFromNow(days),
    start: "09:00",
    end: "12:00",
    place: "1234 Main Street, Houston",
    seats,
    waitlistLength,
    notes: "Closed-toe shoes, please.",
    weeks: 1,
  });
  expect(result).toEqual({ created: 1 });
  const [row] = await db().select().from(volunteerShifts);
  return row;
}

const person = (n: number) => ({
  name: `Volunteer ${n}`,
  email: `v${n}@example.org`,
  adult: true as const,
  acknowledged: true as const,
});

const signups = (shiftId: string) =>
  db()
    .select()
    .from(shiftSignups)
    .where(eq(shiftSignups.shiftId, shiftId))
    .orderBy(asc(shiftSignups.position));

/** The claim link's token in an offer mail. */
function claimTokenIn(text: string) {
  const url = /https?:\/\/\S+\/claim\?token=\S+/.exec(text)?.[0];
  expect(url).toBeDefined();
  return new URL(url!).searchParams.get("token");
}

describe("a rush on the last seats", () => {
  test("twenty at once for five seats: five seated, fifteen waiting in order, no duplicate", async () => {
    const row = await shift(5, 20);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => signUp(row.id, person(n), "en")),
    );
    expect(results.filter((r) => r.outcome === "seated")).toHaveLength(5);
    expect(results.filter((r) => r.outcome === "waiting")).toHaveLength(15);
    const rows = await signups(row.id);
    expect(rows.map((r) => r.position)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    expect(rows.slice(0, 5).every((r) => r.status === "seated")).toBe(true);
    expect(rows.slice(5).every((r) => r.status === "waiting")).toBe(true);
    // Places on the waitlist follow the order the sign-ups were served in.
    const waiting = results.flatMap((r) => (r.outcome === "waiting" ? [r] : []));
    const byPlace = [...waiting].sort((a, b) => a.place - b.place);
    expect(byPlace.map((r) => r.signup.position)).toEqual(rows.slice(5).map((r) => r.position));
    expect(new Set(rows.map((r) => r.email)).size).toBe(20);
    expect(await mailsOfKind("shift-seated")).toHaveLength(5);
    expect(await mailsOfKind("shift-waiting")).toHaveLength(15);
  });

  test("the same address twice at once holds one place", async () => {
    const row = await shift(3, 3);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => signUp(row.id, person(1), "en")),
    );
    expect(results.filter((r) => r.outcome === "seated")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "already")).toHaveLength(5);
    expect(await signups(row.id)).toHaveLength(1);
  });

  test("a full waitlist says so and stores nothing", async () => {
    const row = await shift(1, 1);
    expect((await signUp(row.id, person(1), "en")).outcome).toBe("seated");
    expect((await signUp(row.id, person(2), "en")).outcome).toBe("waiting");
    expect((await signUp(row.id, person(3), "en")).outcome).toBe("waitlist-full");
    expect(await signups(row.id)).toHaveLength(2);
  });

  test("a shift that started or was cancelled takes no sign-up", async () => {
    const row = await shift(2, 2, 1);
    const later = new Date(row.startsAt.getTime() + HOUR);
    expect((await signUp(row.id, person(1), "en", later)).outcome).toBe("closed");
    await db()
      .update(volunteerShifts)
      .set({ status: "cancelled" })
      .where(eq(volunteerShifts.id, row.id));
    expect((await signUp(row.id, person(1), "en")).outcome).toBe("closed");
    expect(await signups(row.id)).toHaveLength(0);
  });
});

describe("the calendar entry", () => {
  test("a seat's e-mail carries an RFC 5545 request, and a cancellation the same UID cancelled", async () => {
    const row = await shift(2, 2);
    const result = await signUp(row.id, person(1), "es");
    expect(result.outcome).toBe("seated");
    const [seated] = await mailsOfKind("shift-seated");
    const entry = calendarOf(seated);
    expect(entry.method).toBe("REQUEST");
    expect(entry.sequence).toBe(0);
    expect(entry.start.getTime()).toBe(row.startsAt.getTime());
    expect(entry.end.getTime()).toBe(row.endsAt.getTime());
    expect(entry.summary).toBe("Fila del desayuno");
    expect(entry.location).toBe("1234 Main Street, Houston");
    expect(entry.description).toContain("/es/volunteer/signup?token=");
    expect(entry.stamp).toBeTruthy();
    expect(seated.subject).toContain("Fila del desayuno");

    if (result.outcome !== "seated") return;
    expect(await cancelSignup(result.signup.id)).toBe("cancelled");
    const [cancelled] = await mailsOfKind("shift-signup-cancelled");
    const removal = calendarOf(cancelled);
    expect(removal.method).toBe("CANCEL");
    expect(removal.uid).toBe(entry.uid);
    expect(removal.sequence).toBeGreaterThan(entry.sequence);
    // A second cancellation changes nothing.
    expect(await cancelSignup(result.signup.id)).toBe("not-live");
    expect(await mailsOfKind("shift-signup-cancelled")).toHaveLength(1);
  });
});

describe("a freed seat", () => {
  async function fullShift() {
    const row = await shift(1, 3, 3);
    const first = await signUp(row.id, person(1), "en");
    const second = await signUp(row.id, person(2), "en");
    const third = await signUp(row.id, person(3), "en");
    if (first.outcome !== "seated") throw new Error("first not seated");
    return { row, first: first.signup, second, third };
  }

  test("goes to the first person waiting, whose link claims it once", async () => {
    const { row, first } = await fullShift();
    expect(await cancelSignup(first.id)).toBe("cancelled");
    const rows = await signups(row.id);
    expect(rows.map((r) => r.status)).toEqual(["cancelled", "offered", "waiting"]);
    // 12 hours, the shift being three days away.
    const deadline = rows[1].offerExpiresAt!.getTime();
    expect(Math.abs(deadline - (Date.now() + 12 * HOUR))).toBeLessThan(60_000);
    const [offer] = await mailsOfKind("shift-offer");
    expect(offer.to).toBe("v2@example.org");
    const claim = offerFromClaimToken(claimTokenIn(offer.text))!;

    const otherShift = await createShifts({
      opportunity: "meal-service",
      titleEn: "Other",
      titleEs: "Otro",
      day: dayFromNow(5),
      start: "13:00",
      end: "14:00",
      place: "Elsewhere",
      seats: 1,
      waitlistLength: 0,
      notes: "",
      weeks: 1,
    });
    expect(otherShift).toEqual({ created: 1 });
    const [other] = (await db().select().from(volunteerShifts)).filter((s) => s.id !== row.id);
    expect(await claimOffer(other.id, claim)).toBe("other-shift");
    expect((await signups(row.id))[1].status).toBe("offered");

    expect(await claimOffer(row.id, claim)).toBe("claimed");
    expect(await claimOffer(row.id, claim)).toBe("already-claimed");
    expect((await signups(row.id)).map((r) => r.status)).toEqual([
      "cancelled",
      "seated",
      "waiting",
    ]);
    const seatedMails = await mailsOfKind("shift-seated");
    expect(seatedMails.map((m) => m.to)).toEqual(["v1@example.org", "v2@example.org"]);
    expect(calendarOf(seatedMails[1]).method).toBe("REQUEST");
  });

  test("unclaimed, it lapses and passes to the next; the old link then says it expired", async () => {
    const { row, first } = await fullShift();
    await cancelSignup(first.id);
    const [offer] = await mailsOfKind("shift-offer");
    const claim = offerFromClaimToken(claimTokenIn(offer.text))!;

    expect(await lapseOffers(new Date(Date.now() + 11 * HOUR))).toBe(0);
    const later = new Date(Date.now() + 12 * HOUR + 60_000);
    expect(await lapseOffers(later)).toBe(1);
    expect((await signups(row.id)).map((r) => r.status)).toEqual([
      "cancelled",
      "expired",
      "offered",
    ]);
    expect(await claimOffer(row.id, claim, later)).toBe("expired");
    const offers = await mailsOfKind("shift-offer");
    expect(offers.map((m) => m.to)).toEqual(["v2@example.org", "v3@example.org"]);
    // Running the sweep again (another process, a restart) changes nothing.
    expect(await lapseOffers(later)).toBe(0);
    expect(await mailsOfKind("shift-offer")).toHaveLength(2);
  });

  test("an offer on a shift starting sooner than 12 hours lasts until it starts", async () => {
    const row = await shift(1, 2, 1);
    const first = await signUp(row.id, person(1), "en");
    await signUp(row.id, person(2), "en");
    if (first.outcome !== "seated") throw new Error("first not seated");
    const now = new Date(row.startsAt.getTime() - 5 * HOUR);
    expect(await cancelSignup(first.signup.id, now)).toBe("cancelled");
    const offered = (await signups(row.id))[1];
    expect(offered.offerExpiresAt?.getTime()).toBe(row.startsAt.getTime());
  });

  test("a forged or altered claim link is refused", () => {
    expect(offerFromClaimToken("not-a-token")).toBeNull();
    expect(offerFromClaimToken(null)).toBeNull();
  });
});
