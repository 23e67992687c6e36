/** One shift's page in the Shifts tab: its roster, attendance, changes and cancellation. */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "#app/db/client.server";
import { shiftSignups } from "#app/db/schema/shifts";
import { backTo } from "#app/lib/admin/actions.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { toHoustonLocal } from "#app/lib/houston-calendar";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { shiftFieldsSchema } from "../shift-input";
import { cancelShifts, changeShifts } from "../staff.server";
import { roster } from "./reports.server";
import { formFields } from "./shifts.server";
import { shiftsTab } from "./tab";

const UUID = z.uuid();

export async function shiftDetailLoader(request: Request, id: string) {
  await requireRole(request, tabRoles(shiftsTab));
  const found = UUID.safeParse(id).success ? await roster(id) : null;
  if (!found) throw new Response("Not found", { status: 404 });
  const { shift, people } = found;
  const [day, start] = toHoustonLocal(shift.startsAt).split("T");
  return {
    shift: {
      id: shift.id,
      titleEn: shift.titleEn,
      titleEs: shift.titleEs,
      day,
      start,
      end: toHoustonLocal(shift.endsAt).split("T")[1],
      place: shift.place,
      seats: shift.seats,
      waitlistLength: shift.waitlistLength,
      notes: shift.notes,
      status: shift.status,
      series: shift.seriesId !== null,
    },
    people,
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("change"), scope: z.enum(["one", "rest"]) }),
  z.object({ intent: z.literal("cancel"), scope: z.enum(["one", "rest"]) }),
  z.object({
    intent: z.literal("attendance"),
    signup: z.uuid(),
    attendance: z.enum(["attended", "no-show"]),
  }),
]);

export async function shiftDetailAction(request: Request, id: string) {
  await requireRole(request, tabRoles(shiftsTab));
  assertFormPost(request);
  const fields = formFields(await readForm(request));
  const back = backTo(request);
  const parsed = actionSchema.safeParse(fields);
  if (!parsed.success || !UUID.safeParse(id).success) {
    return redirectWithToast(back, { type: "error", title: "The change could not be understood" });
  }
  const action = parsed.data;
  try {
    if (action.intent === "attendance") {
      const marked = await db()
        .update(shiftSignups)
        .set({ attendance: action.attendance })
        .where(
          and(
            eq(shiftSignups.id, action.signup),
            eq(shiftSignups.shiftId, id),
            eq(shiftSignups.status, "seated"),
          ),
        )
        .returning({ id: shiftSignups.id });
      return redirectWithToast(back, {
        type: marked.length ? "success" : "error",
        title: marked.length ? "Attendance saved" : "Only a seated volunteer can be marked",
      });
    }
    if (action.intent === "cancel") {
      const count = await cancelShifts(id, action.scope);
      return redirectWithToast(back, {
        type: count ? "success" : "error",
        title: count
          ? `${count} shift(s) cancelled; everyone on them was e-mailed`
          : "Nothing to cancel",
      });
    }
    const values = shiftFieldsSchema.safeParse(fields);
    if (!values.success) {
      return redirectWithToast(back, { type: "error", title: values.error.issues[0].message });
    }
    const result = await changeShifts(id, values.data, action.scope);
    if ("problem" in result)
      return redirectWithToast(back, { type: "error", title: result.problem });
    return redirectWithToast(back, {
      type: "success",
      title: `${result.changed} shift(s) changed; everyone on them was e-mailed`,
    });
  } catch (error) {
    logger.error({ err: error, id }, "a shift change failed");
    return redirectWithToast(back, { type: "error", title: "The change could not be saved" });
  }
}
