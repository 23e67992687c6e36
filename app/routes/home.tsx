import { LandingPage, landingMeta } from "#app/components/home/landing-page";
import { subscribeToNewsletter } from "#app/lib/newsletter.server";
import type { Route } from "./+types/home";

export function meta() {
  return landingMeta;
}

export async function action({ request }: Route.ActionArgs) {
  return subscribeToNewsletter(request, { source: "home", redirectTo: "/home" });
}

export default function HomePage({ actionData }: Route.ComponentProps) {
  return <LandingPage actionData={actionData} />;
}
