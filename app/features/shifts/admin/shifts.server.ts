/** The Shifts tab's loader and actions (docs/decisions/241-shifts-tab.md). */
import { z } from "zod";
import { backTo, loadList } from "#app/lib/admin/actions.server";
import { dateRangeSchema } from "#app/lib/admin/dates.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { newShiftSchema, opportunitySchema } from "../shift-input";
import { addOpportunity, createShifts, opportunityChoices } from "../staff.server";
import { hoursServed, upcomingForStaff } from "./reports.server";
import { shiftsTab } from "./tab";

export async function shiftsTabLoader(request: Request) {
  await requireRole(request, tabRoles(shiftsTab));
  const url = new URL(request.url);
  const range = dateRangeSchema.safeParse({
    from: url.searchParams.get("from") || undefined,
    to: url.searchParams.get("to") || undefined,
  });
  const loaded = await loadList(upcomingForStaff, "Failed to load shifts");
  return {
    ...loaded,
    opportunities: await opportunityChoices(),
    range: range.success ? range.data : {},
    rangeError: range.success ? null : range.error.issues[0].message,
    hours:
      range.success && (range.data.from || range.data.to) ? await hoursServed(range.data) : null,
  };
}

/** The form's fields by name, as the schemas read them. */
export function formFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string") fields[name] = value;
  return fields;
}

const intentSchema = z.enum(["create", "add-opportunity"]);

export async function shiftsTabAction(request: Request) {
  await requireRole(request, tabRoles(shiftsTab));
  assertFormPost(request);
  const formData = await readForm(request);
  const back = backTo(request);
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return redirectWithToast(back, { type: "error", title: "Unknown action" });
  const fields = formFields(formData);
  try {
    if (intent.data === "add-opportunity") {
      const parsed = opportunitySchema.safeParse(fields);
      if (!parsed.success) {
        return redirectWithToast(back, { type: "error", title: parsed.error.issues[0].message });
      }
      const added = await addOpportunity(parsed.data);
      return redirectWithToast(back, {
        type: added ? "success" : "error",
        title: added ? `Opportunity "${parsed.data.titleEn}" added` : "That short name is taken",
      });
    }
    const parsed = newShiftSchema.safeParse(fields);
    if (!parsed.success) {
      return redirectWithToast(back, { type: "error", title: parsed.error.issues[0].message });
    }
    const result = await createShifts(parsed.data);
    if ("problem" in result)
      return redirectWithToast(back, { type: "error", title: result.problem });
    return redirectWithToast(back, {
      type: "success",
      title: result.created === 1 ? "Shift created" : `${result.created} weekly shifts created`,
    });
  } catch (error) {
    logger.error({ err: error }, "a shifts tab action failed");
    return redirectWithToast(back, { type: "error", title: "The change could not be saved" });
  }
}
