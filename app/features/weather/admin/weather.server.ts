import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { loadList } from "#app/lib/admin/actions.server";
import { formatDisplayDate } from "#app/lib/admin/dates.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import * as clock from "#app/lib/clock.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { toHoustonLocal } from "#app/lib/houston-calendar";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import {
  approveBanner,
  type BannerRow,
  createBanner,
  endBanner,
  listBanners,
} from "../banners.server";
import { defaultLinks } from "../kinds";
import { bannerActionSchema, bannerSchema } from "./schemas";
import { weatherTab } from "./tab";

/** The staff side of the weather banners (docs/decisions/180-weather-banners.md). */

const NWS_ALERT_PAGE = "https://api.weather.gov/alerts/";

function stateOf(row: BannerRow, now: Date): string {
  if (row.endedAt) return "Ended";
  if (row.endsAt <= now) return "Expired";
  if (row.status === "draft") return "Waiting for approval";
  return row.startsAt > now ? "Scheduled" : "Showing now";
}

function show(row: BannerRow, now: Date) {
  return {
    id: row.id,
    kind: row.kind,
    messageEn: row.messageEn,
    messageEs: row.messageEs ?? "",
    link: row.link,
    starts: formatDisplayDate(row.startsAt),
    ends: formatDisplayDate(row.endedAt ?? row.endsAt),
    state: stateOf(row, now),
    open: !row.endedAt && row.endsAt > now,
    isDraft: row.status === "draft",
    source: row.source,
    nwsEvent: row.nwsEvent,
    nwsAlertUrl: row.nwsAlertId ? `${NWS_ALERT_PAGE}${encodeURIComponent(row.nwsAlertId)}` : null,
  };
}

export type ShownRow = ReturnType<typeof show>;

export async function weatherTabLoader(request: Request) {
  await requireRole(request, tabRoles(weatherTab));
  const now = clock.now();
  const loaded = await loadList(
    async () => (await listBanners()).map((row) => show(row, now)),
    "Failed to load weather banners",
  );
  return { ...loaded, now: toHoustonLocal(now), defaultLinks };
}

const failed = { type: "error", title: "The banner could not be changed" } as const;

export async function weatherTabAction(request: Request) {
  await requireRole(request, tabRoles(weatherTab));
  assertFormPost(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "end" || intent === "approve") {
    const parsed = bannerActionSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return redirectWithToast("/admin/weather", failed);
    const { id } = parsed.data;
    try {
      const changed = intent === "end" ? await endBanner(id) : await approveBanner(id);
      if (!changed) return redirectWithToast("/admin/weather", failed);
    } catch (error) {
      logger.error({ err: error, id }, "changing a weather banner failed");
      return redirectWithToast("/admin/weather", failed);
    }
    return redirectWithToast("/admin/weather", {
      type: "success",
      title: intent === "end" ? "Banner ended" : "Banner published",
      description:
        intent === "end"
          ? "It is no longer shown on the public pages."
          : "It is shown on every public page between its times.",
    });
  }
  const submission = parseWithZod(formData, { schema: bannerSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  try {
    await createBanner({
      kind: values.kind,
      messageEn: values.messageEn,
      messageEs: values.messageEs ?? null,
      link: values.link ?? defaultLinks[values.kind],
      startsAt: values.startsAt ?? clock.now(),
      endsAt: values.endsAt,
    });
  } catch (error) {
    logger.error({ err: error }, "adding a weather banner failed");
    return redirectWithToast("/admin/weather", failed);
  }
  return redirectWithToast("/admin/weather", {
    type: "success",
    title: "Banner saved",
    description: "It shows on every public page, in English and Spanish, between its times.",
  });
}
