/**
 * /admin/services/reports, under the Services tab (docs/decisions/246-listing-reports-queue.md):
 * open reports, newest first; fix the listing in its editor, dismiss, or mark it verified today.
 * Plain forms, so it works without JavaScript.
 */
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { AdminTabError } from "#app/components/admin/tab-error";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { requireRole } from "#app/lib/auth/session.server";
import { finderNow } from "#app/lib/clock.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { houstonToday } from "#app/lib/houston-calendar";
import { redirectWithToast } from "#app/lib/toast.server";
import { openReports, resolveReport } from "../queue.server";
import { reasonLabel } from "../reasons";
import type { Route } from "./+types/reports-queue";

/** The Services tab's roles (app/features/services/admin/tab.ts); admins open every tab. */
const STAFF_ROLES = ["editor" as const];

export const handle = {
  messages: ["listingReport"],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, STAFF_ROLES);
  const reports = (await openReports()).map((report) => ({
    ...report,
    createdAt: report.createdAt.toISOString(),
  }));
  return { reports, messages: pageMessages(request, handle) };
}

const actionSchema = z.object({
  id: z.string().max(100),
  intent: z.enum(["dismissed", "verified"]),
});

export async function action({ request }: Route.ActionArgs) {
  await requireRole(request, STAFF_ROLES);
  assertFormPost(request);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data("Bad request", { status: 400 });
  const done = await resolveReport(parsed.data.id, parsed.data.intent, houstonToday(finderNow()));
  return redirectWithToast(
    "/admin/services/reports",
    done
      ? {
          type: "success",
          title: parsed.data.intent === "verified" ? "Marked verified" : "Dismissed",
        }
      : { type: "error", title: "That report was already resolved." },
  );
}

export const meta = () => [{ title: "Reports - Services - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

export default function ReportsQueue({ loaderData }: Route.ComponentProps) {
  const { reports } = loaderData;
  const { t, formatDate } = useLocale();
  return (
    <div className="space-y-4">
      <p>
        <Link to="/admin/services" className="link">
          {t("listingReport.queue.back")}
        </Link>
      </p>
      <h2 className="text-2xl font-semibold">{t("listingReport.queue.heading")}</h2>
      {reports.length === 0 ? <p>{t("listingReport.queue.empty")}</p> : null}
      <ul className="space-y-4">
        {reports.map((report) => (
          <li key={report.id} className="card space-y-2">
            <h3 className="text-xl font-semibold">{report.serviceName}</h3>
            <p>
              {t(reasonLabel(report.reason))} ·{" "}
              {formatDate(new Date(report.createdAt), { dateStyle: "medium", timeStyle: "short" })}
            </p>
            {report.note ? <p className="whitespace-pre-wrap">{report.note}</p> : null}
            {report.email ? <p>{report.email}</p> : null}
            <Form method="post" className="flex flex-wrap gap-2">
              <input type="hidden" name="id" value={report.id} />
              <Link
                to={`/admin/services/${encodeURIComponent(report.serviceId)}`}
                className="btn btn-outline"
              >
                {t("listingReport.queue.fix")}
              </Link>
              <button type="submit" name="intent" value="dismissed" className="btn btn-outline">
                {t("listingReport.queue.dismiss")}
              </button>
              <button type="submit" name="intent" value="verified" className="btn btn-primary">
                {t("listingReport.queue.verified")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
