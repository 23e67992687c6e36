import { subscribeToNewsletter } from "#app/features/forms/index.server";
import { impactFor } from "#app/features/pages/index.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { env } from "#app/lib/env.server";
import { pageMeta } from "#app/lib/seo";
import { LandingPage } from "#app/site/home/landing-page";
import { PrelaunchPage } from "#app/site/home/prelaunch-page";
import { hasLaunched } from "#app/site/launch";
import type { Route } from "./+types/index";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: [
    "about",
    "countdown",
    "donation",
    "forms",
    "landing",
    "launch",
    "meta",
    "newsletter",
    "toast",
    "validation",
  ],
} satisfies PageMessagesHandle;

/**
 * The pre-launch page until LAUNCH_AT, then the full landing page (the same as /home):
 * docs/decisions/015-root-route-before-launch.md.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { LAUNCH_AT } = env();
  const launched = hasLaunched(LAUNCH_AT);
  return {
    launched,
    // The impact figures staff published (app/features/pages), for the landing page.
    impact: await impactFor(localeFromRequest(request)),
    launchAt: LAUNCH_AT,
    messages: pageMessages(request, handle),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.loaderData?.launched === false ? "launch" : "home");
}

export async function action({ request }: Route.ActionArgs) {
  const source = hasLaunched(env().LAUNCH_AT) ? "home" : "launch";
  return subscribeToNewsletter(request, { source, redirectTo: "/" });
}

export default function IndexPage({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.launched ? (
    <LandingPage actionData={actionData} impact={loaderData.impact} />
  ) : (
    // Inside the site layout here: its navigation and footer frame the pre-launch content.
    <PrelaunchPage actionData={actionData} launchAt={loaderData.launchAt} standalone={false} />
  );
}
