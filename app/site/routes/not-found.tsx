import { data } from "react-router";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { pageMeta } from "#app/lib/seo";
import { LazyNotFound } from "#app/site/components/lazy-not-found";
import type { Route } from "./+types/not-found";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["meta"],
} satisfies PageMessagesHandle;

/** Any unknown path: a real 404 status and the site's not-found page. */
export function loader({ request }: Route.LoaderArgs) {
  return data({ messages: pageMessages(request, handle) }, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("notFound.title"), noindex: true }));
}

export default function NotFoundRoute() {
  return <LazyNotFound />;
}
