/**
 * The staff page of one service's places, /admin/services/<id>/beds
 * (docs/decisions/228-bed-update-links.md): its counts set by staff, units added or removed, the
 * freshness window, the update link sent, rotated or revoked, and every change kept.
 */
import { sql } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import { selectRows } from "#app/db/client.server";
import { capacityShown, countLimit } from "#app/features/services/index";
import { locales } from "#app/i18n/locales";
import { backTo } from "#app/lib/admin/actions.server";
import { requireRole } from "#app/lib/auth/session.server";
import { countsNow, finderNow } from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { changesOf, countsOf, setCount } from "../counts.server";
import { linkToken, revokeLink, rotateLink, sendLink, updatePath } from "../links.server";
import {
  addUnit,
  freshHoursSchema,
  newUnitSchema,
  removeUnit,
  setFreshHours,
} from "../units.server";
import { BEDS_STAFF_ROLES } from "./access";

async function serviceOf(id: string) {
  if (id.length > 200) return null;
  const [row] = await selectRows<{
    id: string;
    name: string;
    fresh_hours: number;
    sent_to: string | null;
    sent_at: string | null;
  }>(sql`select s.id, s.name, s.capacity_fresh_hours as fresh_hours, l.sent_to,
      l.sent_at::text as sent_at
    from hsds_service s left join bed_update_links l on l.service_id = s.id
    where s.id = ${id}`);
  return row ?? null;
}

export async function bedsAdminLoader(request: Request, id: string) {
  await requireRole(request, BEDS_STAFF_ROLES);
  const service = await serviceOf(id);
  if (!service) throw data("Not found", { status: 404 });
  const now = countsNow(finderNow());
  const token = await linkToken(id);
  return {
    service: { id: service.id, name: service.name, freshHours: service.fresh_hours },
    counts: (await countsOf(id)).map((row) => ({
      ...capacityShown(row, now),
      limit: countLimit(row.maximum),
    })),
    link: token
      ? {
          url: `${env().PUBLIC_URL}${updatePath(token, "en")}`,
          sentTo: service.sent_to,
          sentAt: service.sent_at,
        }
      : null,
    changes: (await changesOf(id)).map((change) => ({
      ...change,
      changedAt: change.changedAt.toISOString(),
    })),
  };
}

const actionSchema = z.union([
  z.object({
    intent: z.literal("count"),
    capacity: z.string().min(1).max(200),
    available: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/),
  }),
  z.object({ intent: z.literal("add") }).and(newUnitSchema),
  z.object({ intent: z.literal("remove"), capacity: z.string().min(1).max(200) }),
  z.object({ intent: z.literal("window"), hours: freshHoursSchema }),
  z.object({
    intent: z.literal("send"),
    email: z.email().max(254),
    language: z.enum(locales),
  }),
  z.object({ intent: z.literal("rotate") }),
  z.object({ intent: z.literal("revoke") }),
]);

const done = {
  count: "Count saved",
  add: "Count added",
  remove: "Count removed",
  window: "Freshness window saved",
  send: "Update link sent",
  rotate: "New update link made: the old one no longer works",
  revoke: "Update link turned off",
} as const;

const COUNT_REFUSED = {
  notFound: "That count is not part of this service.",
  range: "Enter a whole number from 0 to the maximum (or 9,999).",
  tooSoon: "That was less than a second after the last change: nothing was changed.",
} as const;

export async function bedsAdminAction(request: Request, id: string) {
  const user = await requireRole(request, BEDS_STAFF_ROLES);
  assertFormPost(request);
  const back = backTo(request);
  const service = await serviceOf(id);
  if (!service) throw data("Not found", { status: 404 });
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return redirectWithToast(back, {
      type: "error",
      title: "Nothing was changed",
      description: parsed.error.issues.map((issue) => issue.path.join(".")).join(", "),
    });
  }
  const form = parsed.data;
  const now = countsNow(finderNow());
  const staffName = user.name || user.email;
  try {
    let refused: string | null = null;
    if (form.intent === "count") {
      const result = await setCount({
        serviceId: id,
        capacityId: form.capacity,
        available: Number(form.available),
        source: "staff",
        staffName,
        now,
      });
      if (!result.ok) refused = COUNT_REFUSED[result.reason];
    } else if (form.intent === "add") await addUnit(id, form, staffName, now);
    else if (form.intent === "remove") {
      if (!(await removeUnit(id, form.capacity))) refused = COUNT_REFUSED.notFound;
    } else if (form.intent === "window") await setFreshHours(id, form.hours);
    else if (form.intent === "send") {
      await sendLink(service, form.email.trim().toLowerCase(), form.language, now);
    } else if (form.intent === "rotate") await rotateLink(id);
    else await revokeLink(id);
    if (refused) return redirectWithToast(back, { type: "error", title: refused });
  } catch (error) {
    logger.error({ err: error, intent: form.intent }, "a beds action failed");
    return redirectWithToast(back, { type: "error", title: "Something went wrong" });
  }
  return redirectWithToast(back, { type: "success", title: done[form.intent] });
}
