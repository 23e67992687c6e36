import { subscribeToNewsletter } from "#app/features/forms/newsletter.server";
import { pageMeta } from "#app/lib/seo";
import { LandingPage } from "#app/site/home/landing-page";
import type { Route } from "./+types/home";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "home");
}

export async function action({ request }: Route.ActionArgs) {
  return subscribeToNewsletter(request, { source: "home", redirectTo: "/home" });
}

export default function HomePage({ actionData }: Route.ComponentProps) {
  return <LandingPage actionData={actionData} />;
}
