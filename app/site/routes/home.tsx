import { subscribeToNewsletter } from "#app/features/forms/index.server";
import { impactFor } from "#app/features/pages/index.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { pageMeta } from "#app/lib/seo";
import { LandingPage } from "#app/site/home/landing-page";
import type { Route } from "./+types/home";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["donation", "forms", "landing", "meta", "newsletter", "toast", "validation"],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  return {
    impact: await impactFor(localeFromRequest(request)),
    messages: pageMessages(request, handle),
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "home");
}

export async function action({ request }: Route.ActionArgs) {
  return subscribeToNewsletter(request, { source: "home", redirectTo: "/home" });
}

export default function HomePage({ loaderData, actionData }: Route.ComponentProps) {
  return <LandingPage actionData={actionData} impact={loaderData.impact} />;
}
