import { LandingPage, landingMeta } from "#app/components/home/landing-page";
import { landingPageAction } from "#app/lib/landing.server";
import type { Route } from "./+types/home";

export function meta() {
  return landingMeta;
}

export async function action({ request }: Route.ActionArgs) {
  return landingPageAction(request, "/home");
}

export default function HomePage({ actionData }: Route.ComponentProps) {
  return <LandingPage actionData={actionData} />;
}
