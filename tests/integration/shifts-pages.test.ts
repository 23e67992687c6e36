/**
 * The public side of volunteer shifts through the real routes (docs/decisions/237-volunteer-shifts.md):
 * the volunteer page's lists, the sign-up form and its bad input, the volunteer's own link and a
 * seat's claim link, and the page cache hearing of every change.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { shiftSignups, volunteerShifts } from "#app/db/schema";
import { loader as volunteerLoader } from "#app/features/forms/routes/volunteer";
import { onShiftsChange } from "#app/features/shifts/changes.server";
import { claimPath, managePath } from "#app/features/shifts/links.server";
import { action as claimAction, loader as claimLoader } from "#app/features/shifts/routes/claim";
import { action as manageAction, loader as manageLoader } from "#app/features/shifts/routes/manage";
import { action as shiftAction, loader as shiftLoader } from "#app/features/shifts/routes/shift";
import { formRequest, routeArgs, toastOf } from "#tests/utils";
import { fieldErrors, post, publicFormGuards, settle } from "./public-forms";
import { HOUR, insertShift, mailsOfKind, signupsOf } from "./shifts-helpers";

const FIXED_ID = "0b7f6d3e-2a51-4c1e-9a77-5d0c3b1e8f21";

let people = 0;
/** A new address each test: the per-address rate limit lasts across tests. */
const valid = {
  name: "Rosa Díaz",
  email: "rosa@example.org",
  phone: "(713) 555-0100",
  adult: "on",
  acknowledged: "on",
};

beforeEach(() => {
  people += 1;
  valid.email = `rosa${people}@example.org`;
});

function signUp(id: string, fields: Record<string, string> = valid, path = "/volunteer/shifts/") {
  return settle(shiftAction(routeArgs(post(`${path}${id}`, fields), { id })));
}

describe("the volunteer page", () => {
  test("each opportunity lists its upcoming shifts with seats left, in the page's language", async () => {
    const open = await insertShift({ seats: 3 });
    await insertShift({ hoursAhead: -2 }); // started
    await insertShift({ status: "cancelled" });
    await insertShift({ opportunity: "medical-clinic", titleEn: "Intake", titleEs: "Admisión" });
    await signUp(open.id);
    const english = await volunteerLoader(
      routeArgs(new Request("http://localhost:3000/volunteer")),
    );
    expect(english.shifts["meal-service"]).toEqual([
      expect.objectContaining({ id: open.id, title: "Breakfast line", seatsLeft: 2 }),
    ]);
    expect(english.shifts["medical-clinic"]).toHaveLength(1);
    expect(english.shifts["resource-center"]).toBeUndefined();
    const spanish = await volunteerLoader(
      routeArgs(new Request("http://localhost:3000/es/volunteer")),
    );
    expect(spanish.shifts["meal-service"]?.[0].title).toBe("Fila del desayuno");
    expect(spanish.shifts["medical-clinic"]?.[0].title).toBe("Admisión");
  });

  test("every sign-up and cancellation tells the page cache", async () => {
    const shift = await insertShift();
    let changes = 0;
    const stop = onShiftsChange(() => {
      changes++;
    });
    try {
      await signUp(shift.id);
      expect(changes).toBe(1);
      const [row] = await signupsOf(shift.id);
      const token = new URL(managePath(row.id), "http://x").searchParams.get("token")!;
      await manageAction(routeArgs(formRequest("/volunteer/signup", { token })));
      expect(changes).toBe(2);
    } finally {
      stop();
    }
  });
});

describe("signing up for a shift", () => {
  test("a seat, then the waitlist, then a full waitlist, each said in a toast", async () => {
    const shift = await insertShift({ seats: 1, waitlistLength: 1 });
    const seated = await signUp(shift.id);
    expect((seated.body as Response).headers.get("Location")).toBe(`/volunteer/shifts/${shift.id}`);
    expect(await toastOf(seated.body as Response)).toMatchObject({
      type: "success",
      title: "You have a seat",
    });
    const waiting = await signUp(shift.id, { ...valid, email: `b${people}@example.org` });
    expect((await toastOf(waiting.body as Response))?.description).toContain("number 1");
    const full = await signUp(shift.id, { ...valid, email: `c${people}@example.org` });
    expect((await toastOf(full.body as Response))?.title).toBe(
      "The shift and its waitlist are full",
    );
    const again = await signUp(shift.id, { ...valid, email: valid.email.toUpperCase() });
    expect((await toastOf(again.body as Response))?.title).toBe(
      "You already have a place on this shift",
    );
    expect(await signupsOf(shift.id)).toHaveLength(2);
  });

  test("in Spanish: the answer and the e-mail are in Spanish", async () => {
    const shift = await insertShift();
    const result = await signUp(shift.id, valid, "/es/volunteer/shifts/");
    expect((result.body as Response).headers.get("Location")).toBe(
      `/es/volunteer/shifts/${shift.id}`,
    );
    expect((await toastOf(result.body as Response))?.title).toBe("Tiene un lugar");
    const [mail] = await mailsOfKind("shift-seated");
    expect(mail.subject).toContain("Su turno de voluntariado: Fila del desayuno");
    expect(mail.text).toContain("/es/volunteer/signup?token=");
  });

  test("the boxes must be ticked, and nothing is stored without them", async () => {
    const shift = await insertShift();
    const { status, body } = await signUp(shift.id, { ...valid, adult: "", acknowledged: "yes" });
    expect(status).toBe(400);
    expect(fieldErrors(body).adult?.[0]).toBe("Volunteers must be 18 or over.");
    expect(fieldErrors(body).acknowledged?.[0]).toBe(
      "Please confirm you have read the requirements.",
    );
    expect(await signupsOf(shift.id)).toHaveLength(0);
  });

  test("a started, cancelled or unknown shift takes no sign-up, and its page says so", async () => {
    const started = await insertShift({ hoursAhead: -1 });
    const cancelled = await insertShift({ status: "cancelled" });
    for (const id of [started.id, cancelled.id, FIXED_ID, "not-a-uuid"]) {
      const result = await signUp(id);
      expect((await toastOf(result.body as Response))?.title, id).toBe(
        "This shift no longer takes sign-ups",
      );
      const page = await settle(
        shiftLoader(routeArgs(new Request(`http://localhost:3000/volunteer/shifts/${id}`), { id })),
      );
      expect(page.status).toBe(404);
    }
    expect(await db().select().from(shiftSignups)).toHaveLength(0);
  });

  test("one address may sign up five times an hour, from any client", async () => {
    const shifts = await Promise.all(Array.from({ length: 6 }, () => insertShift()));
    for (const shift of shifts.slice(0, 5)) {
      expect((await toastOf((await signUp(shift.id)).body as Response))?.type).toBe("success");
    }
    const sixth = await signUp(shifts[5].id);
    expect((await toastOf(sixth.body as Response))?.title).toMatch(/^Too many sign-ups/);
    expect(await signupsOf(shifts[5].id)).toHaveLength(0);
  });

  test("names stay text: markup is stored and mailed as typed", async () => {
    const shift = await insertShift();
    const name = '<img src=x onerror="alert(1)">';
    await signUp(shift.id, { ...valid, name });
    expect((await signupsOf(shift.id))[0].name).toBe(name);
  });

  describe("the shared checks of every public form", () => {
    publicFormGuards({
      url: `/volunteer/shifts/${FIXED_ID}`,
      submit: async (request) => {
        const [existing] = await db()
          .select()
          .from(volunteerShifts)
          .where(eq(volunteerShifts.id, FIXED_ID));
        if (!existing) await insertShift({ id: FIXED_ID });
        return shiftAction(routeArgs(request, { id: FIXED_ID }));
      },
      valid,
      countRows: async () => (await db().select().from(shiftSignups)).length,
      successTitle: "You have a seat",
      textFields: { name: 100 },
      storedRow: async () => (await db().select().from(shiftSignups))[0],
    });
  });
});

describe("the volunteer's links", () => {
  async function seatedAndWaiting() {
    const shift = await insertShift({ seats: 1, waitlistLength: 3 });
    await signUp(shift.id);
    await signUp(shift.id, { ...valid, email: `next${people}@example.org` });
    const [first, second] = await signupsOf(shift.id);
    return { shift, first, second };
  }

  const tokenOf = (path: string) => new URL(path, "http://x").searchParams.get("token")!;

  test("opening the manage link changes nothing; its button cancels, once", async () => {
    const { shift, first } = await seatedAndWaiting();
    const token = tokenOf(managePath(first.id));
    const page = await settle(
      manageLoader(routeArgs(new Request(`http://localhost:3000/volunteer/signup?token=${token}`))),
    );
    expect(page.status).toBe(200);
    expect((await signupsOf(shift.id))[0].status).toBe("seated");

    const cancelled = await settle(
      manageAction(routeArgs(formRequest("/volunteer/signup", { token }))),
    );
    expect((await toastOf(cancelled.body as Response))?.title).toBe("Your sign-up is cancelled");
    expect((await signupsOf(shift.id)).map((row) => row.status)).toEqual(["cancelled", "offered"]);
    const twice = await settle(
      manageAction(routeArgs(formRequest("/volunteer/signup", { token }))),
    );
    expect((await toastOf(twice.body as Response))?.title).toBe(
      "This sign-up is already cancelled.",
    );
    expect(await mailsOfKind("shift-offer")).toHaveLength(1);
  });

  test("a forged manage link opens nothing and cancels nothing", async () => {
    const { shift } = await seatedAndWaiting();
    const forged = await settle(
      manageAction(routeArgs(formRequest("/volunteer/signup", { token: "abc.def" }))),
    );
    expect(forged.status).toBe(404);
    const page = await settle(
      manageLoader(routeArgs(new Request("http://localhost:3000/volunteer/signup?token=abc.def"))),
    );
    expect(page.status).toBe(404);
    expect((await signupsOf(shift.id)).map((row) => row.status)).toEqual(["seated", "waiting"]);
  });

  test("a claim link used on another shift's address, then twice, says why and changes nothing", async () => {
    const { shift, first, second } = await seatedAndWaiting();
    const other = await insertShift();
    await manageAction(
      routeArgs(formRequest("/volunteer/signup", { token: tokenOf(managePath(first.id)) })),
    );
    const token = tokenOf(claimPath(shift.id, second.id, 1));

    const elsewhere = await settle(
      claimAction(
        routeArgs(formRequest(`/volunteer/shifts/${other.id}/claim`, { token }), { id: other.id }),
      ),
    );
    expect((await toastOf(elsewhere.body as Response))?.title).toBe(
      "This link is for another shift. Nothing was changed.",
    );
    expect((await signupsOf(shift.id))[1].status).toBe("offered");

    const claim = () =>
      settle(
        claimAction(
          routeArgs(formRequest(`/es/volunteer/shifts/${shift.id}/claim`, { token }), {
            id: shift.id,
          }),
        ),
      );
    expect((await toastOf((await claim()).body as Response))?.title).toBe("El lugar es suyo");
    expect((await toastOf((await claim()).body as Response))?.title).toBe(
      "Este lugar ya se reclamó con este enlace. Es suyo.",
    );
    expect((await signupsOf(shift.id)).map((row) => row.status)).toEqual(["cancelled", "seated"]);
  });

  test("an expired offer's link says so; the page shows the offer until then", async () => {
    const { shift, first, second } = await seatedAndWaiting();
    await manageAction(
      routeArgs(formRequest("/volunteer/signup", { token: tokenOf(managePath(first.id)) })),
    );
    const path = claimPath(shift.id, second.id, 1);
    const page = await claimLoader(
      routeArgs(new Request(`http://localhost:3000${path}`), { id: shift.id }),
    );
    expect((page as { view: { status: string } }).view.status).toBe("offered");
    await db()
      .update(shiftSignups)
      .set({ offerExpiresAt: new Date(Date.now() - HOUR) })
      .where(eq(shiftSignups.id, second.id));
    const late = await settle(
      claimAction(routeArgs(formRequest(path, { token: tokenOf(path) }), { id: shift.id })),
    );
    expect((await toastOf(late.body as Response))?.title).toMatch(/^This offer has expired/);
    expect((await signupsOf(shift.id))[1].status).toBe("offered");
  });
});
