/**
 * The update link's page, /beds/update?token= (docs/decisions/228-bed-update-links.md): opening it
 * changes nothing; each form posts one count of the link's own service. An old or revoked link
 * answers a clear page and changes nothing.
 */

import { sql } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import { selectRows } from "#app/db/client.server";
import { type CapacityShown, capacityShown, countLimit } from "#app/features/services/index";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest } from "#app/i18n/locales";
import { countsNow, finderNow } from "#app/lib/clock.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { countsOf, setCount } from "./counts.server";
import { serviceOfToken, updatePath } from "./links.server";

export interface CountOnPage extends CapacityShown {
  limit: number;
  lastSource: string | null;
  lastStaffName: string | null;
}

async function serviceName(serviceId: string, spanish: boolean): Promise<string> {
  const [row] = await selectRows<{ name: string; name_es: string | null }>(
    sql`select name, name_es from hsds_service where id = ${serviceId}`,
  );
  return (spanish && row?.name_es) || row?.name || "";
}

/** What the page shows for a token, or null when the link no longer works. */
export async function updatePageData(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const serviceId = await serviceOfToken(token);
  if (!serviceId || !token) return null;
  const now = countsNow(finderNow());
  const counts: CountOnPage[] = (await countsOf(serviceId)).map((row) => ({
    ...capacityShown(row, now),
    limit: countLimit(row.maximum),
    lastSource: row.lastSource,
    lastStaffName: row.lastStaffName,
  }));
  const name = await serviceName(serviceId, localeFromRequest(request) === "es");
  return { token, name, counts };
}

const posted = z.object({
  capacity: z.string().trim().min(1).max(200),
  // Digits only: "3.5", "1e3", "-1" and " " are refused, not rounded.
  available: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/),
});

/** The message of a refused count, in the page's language. */
async function refusal(
  serviceId: string,
  capacityId: string,
  reason: "notFound" | "range" | "tooSoon",
  t: ReturnType<typeof serverT>,
): Promise<string> {
  if (reason === "tooSoon") return t("beds.errors.tooSoon");
  const count = (await countsOf(serviceId)).find((row) => row.id === capacityId);
  if (!count) return t("beds.errors.notFound");
  return t("beds.errors.range", { max: countLimit(count.maximum).toLocaleString("en-US") });
}

export async function updatePageAction(request: Request) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const fields = Object.fromEntries(await readForm(request));
  const token = typeof fields.token === "string" ? fields.token : null;
  const serviceId = await serviceOfToken(token);
  if (!serviceId || !token) return data({ gone: true, error: null }, { status: 404 });
  const form = posted.safeParse(fields);
  const capacityId = typeof fields.capacity === "string" ? fields.capacity.slice(0, 200) : "";
  const result = form.success
    ? await setCount({
        serviceId,
        capacityId: form.data.capacity,
        available: Number(form.data.available),
        source: "link",
        now: countsNow(finderNow()),
      })
    : ({ ok: false, reason: "range" } as const);
  if (!result.ok) {
    const message = await refusal(serviceId, capacityId, result.reason, t);
    return data(
      { gone: false, error: { capacity: capacityId, message } },
      { status: result.reason === "tooSoon" ? 429 : 400 },
    );
  }
  return redirectWithToast(updatePath(token, locale), { type: "success", title: t("beds.saved") });
}
