/**
 * The Services tab's list and its row actions: mark verified today, deactivate, reactivate, and the
 * HSDS upload (docs/decisions/175-services-tab.md). Every request checks the role first; every
 * change goes through S's functions (app/features/services/staff.server.ts), which validate it and
 * drop the cached finder pages.
 */
import { data } from "react-router";
import { z } from "zod";
import { serverT } from "#app/i18n/catalogs.server";
import { backTo, loadList } from "#app/lib/admin/actions.server";
import { pageFrom } from "#app/lib/admin/pagination.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import { finderNow } from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { houstonToday } from "#app/lib/houston-calendar";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { importServiceFiles } from "../hsds/upload.server";
import {
  deactivateService,
  listServicesForStaff,
  markServiceVerified,
  reactivateService,
} from "../staff.server";
import { servicesTab } from "./tab";

export const STAFF_PAGE_SIZE = 50;
/** An HSDS directory of a few thousand services is a few megabytes; more is not a directory. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const t = serverT("en");

export function requireServicesStaff(request: Request) {
  return requireRole(request, tabRoles(servicesTab));
}

export async function servicesTabLoader(request: Request) {
  await requireServicesStaff(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageFrom(request);
  const loaded = await loadList(async () => {
    const { rows, total } = await listServicesForStaff({ q: q || undefined, page });
    return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE)) };
  }, t("admin.services.loadError"));
  return {
    ...loaded,
    q,
    today: houstonToday(finderNow()),
    verifiedDays: env().LISTING_VERIFIED_DAYS,
  };
}

const rowAction = z.object({
  intent: z.enum(["verify", "deactivate", "reactivate"]),
  id: z.string().trim().min(1).max(100),
});

export async function servicesTabAction(request: Request) {
  await requireServicesStaff(request);
  assertFormPost(request);
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return importAction(request);
  }
  const parsed = rowAction.safeParse(Object.fromEntries(await readForm(request)));
  const back = backTo(request);
  if (!parsed.success) {
    return redirectWithToast(back, { type: "error", title: t("admin.services.toasts.failed") });
  }
  const { intent, id } = parsed.data;
  try {
    const done =
      intent === "verify"
        ? await markServiceVerified(id, houstonToday(finderNow()))
        : intent === "deactivate"
          ? await deactivateService(id)
          : await reactivateService(id);
    if (!done) {
      return redirectWithToast(back, { type: "error", title: t("admin.services.toasts.notFound") });
    }
  } catch (error) {
    logger.error({ err: error, intent }, "a service row action failed");
    return redirectWithToast(back, { type: "error", title: t("admin.services.toasts.failed") });
  }
  const titles = {
    verify: t("admin.services.toasts.verified"),
    deactivate: t("admin.services.toasts.deactivated"),
    reactivate: t("admin.services.toasts.reactivated"),
  };
  return redirectWithToast(back, { type: "success", title: titles[intent] });
}

function importRefused(message: string, status = 400) {
  return data({ importError: message }, { status });
}

async function importAction(request: Request) {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_IMPORT_BYTES) {
    return importRefused(t("admin.services.import.tooLarge"), 413);
  }
  const form = await readForm(request);
  const files = form.getAll("files").filter((file): file is File => file instanceof File);
  const chosen = files.filter((file) => file.size > 0 || file.name);
  if (chosen.length === 0) return importRefused(t("admin.services.import.missing"));
  if (chosen.some((file) => !/\.(json|csv)$/i.test(file.name))) {
    return importRefused(t("admin.services.import.wrongType"));
  }
  try {
    const outcome = await importServiceFiles(chosen);
    if (!outcome.ok) return importRefused(outcome.message);
    const { summary } = outcome;
    return redirectWithToast("/admin/services", {
      type: "success",
      title: t("admin.services.import.done"),
      description: t("admin.services.import.doneText", {
        services: summary.services,
        locations: summary.locations,
        phones: summary.phones,
        schedules: summary.schedules,
      }),
    });
  } catch (error) {
    logger.error({ err: error }, "importing an HSDS file failed");
    return importRefused(t("admin.services.import.failed"), 500);
  }
}
