import { auth } from "#app/lib/auth/better-auth.server";
import type { Route } from "./+types/auth-api";

/**
 * better-auth's HTTP handler, opened only for the links our e-mails carry. Everything else
 * (sign-in, sign-up, sign-out, reset) goes through our own form routes, which add per-account
 * rate limits, honeypots and toasts that work without JavaScript
 * (docs/decisions/050-staff-accounts-with-better-auth.md).
 */
const EMAIL_LINK_PATHS = [/^\/api\/auth\/verify-email$/, /^\/api\/auth\/reset-password\/[^/]+$/];

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!EMAIL_LINK_PATHS.some((path) => path.test(pathname))) {
    throw new Response("Not Found", { status: 404 });
  }
  return auth().handler(request);
}
