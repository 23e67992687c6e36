import { data } from "react-router";
import { publicShifts } from "#app/features/shifts/public-shifts.server";
import { shiftWhen } from "#app/features/shifts/times";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useLocale } from "#app/i18n/translator";
import { now } from "#app/lib/clock.server";
import { handlePublicForm } from "#app/lib/form-actions.server";
import { pageMeta } from "#app/lib/seo";
import { ShiftFacts } from "../components/shift-facts";
import { SignupForm } from "../components/signup-form";
import { signupSchema } from "../schemas";
import { signUpFromForm } from "../signup.server";
import type { Route } from "./+types/shift";

export const handle = {
  messages: ["forms", "meta", "validation", "volunteer", "volunteerShifts"],
} satisfies PageMessagesHandle;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * /volunteer/shifts/<id>: one upcoming shift with its seats left and the sign-up form
 * (docs/decisions/237-volunteer-shifts.md). A past, cancelled or unknown shift answers 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeFromRequest(request);
  const [shift] = UUID.test(params.id) ? await publicShifts(locale, now(), [params.id]) : [];
  const messages = pageMessages(request, handle);
  if (!shift) return data({ shift: null, messages }, { status: 404 });
  return {
    shift: { ...shift, when: shiftWhen(locale, shift.startsAt, shift.endsAt) },
    messages,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = UUID.test(params.id) ? params.id : "00000000-0000-0000-0000-000000000000";
  return handlePublicForm(request, {
    name: "shift-signup",
    schema: signupSchema,
    redirectTo: `/volunteer/shifts/${params.id}`,
    limit: { points: 10, durationSeconds: 600 },
    successToast: (_value, { t }) => ({ type: "success", title: t("volunteerShifts.seatedTitle") }),
    save: (value, context) => signUpFromForm(id, value, context),
  });
}

export function meta(args: Route.MetaArgs) {
  const shift = args.loaderData?.shift;
  return pageMeta(args, (t) => ({
    title: shift
      ? t("volunteerShifts.pageTitle", { title: shift.title })
      : t("volunteerShifts.noShift"),
    noindex: true,
  }));
}

export default function ShiftPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useLocale();
  const { shift } = loaderData;
  return (
    <main id="main-content" className="mx-auto max-w-2xl space-y-6 px-4 py-12">
      {shift ? (
        <>
          <h1 className="text-4xl font-bold">{shift.title}</h1>
          <ShiftFacts when={shift.when} place={shift.place} notes={shift.notes} />
          <p className="font-semibold">
            {shift.seatsLeft > 0
              ? t("volunteerShifts.seatsLeft", { count: shift.seatsLeft })
              : t(shift.waitlistOpen ? "volunteerShifts.full" : "volunteerShifts.waitlistFull")}
          </p>
          <section aria-labelledby="signup-heading" className="card">
            <h2 id="signup-heading" className="text-2xl font-semibold">
              {t("volunteerShifts.formHeading")}
            </h2>
            <SignupForm lastResult={actionData} />
          </section>
        </>
      ) : (
        <>
          <h1 className="text-4xl font-bold">{t("volunteerShifts.noShift")}</h1>
          <p>{t("volunteerShifts.closed")}</p>
        </>
      )}
      <p>
        <a href={href("/volunteer")} className="link">
          {t("volunteerShifts.backToVolunteer")}
        </a>
      </p>
    </main>
  );
}
