import { subscribeToNewsletter } from "#app/features/forms/index.server";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useRootData } from "#app/lib/root-data";
import { pageMeta } from "#app/lib/seo";
import { PrelaunchPage } from "#app/site/home/prelaunch-page";
import type { Route } from "./+types/launch";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: [
    "about",
    "countdown",
    "donation",
    "footer",
    "forms",
    "launch",
    "meta",
    "newsletter",
    "toast",
    "validation",
  ],
} satisfies PageMessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, handle) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "launch");
}

export async function action({ request }: Route.ActionArgs) {
  return subscribeToNewsletter(request, { source: "launch", redirectTo: "/launch" });
}

/**
 * The pre-launch page, always (docs/decisions/015-root-route-before-launch.md): standalone,
 * without the site's navigation bar.
 */
export default function LaunchPage({ actionData }: Route.ComponentProps) {
  const launchAt = useRootData()?.launchAt ?? "2025-04-24T00:00";
  return <PrelaunchPage actionData={actionData} launchAt={launchAt} standalone />;
}
