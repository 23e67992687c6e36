import { newAltchaChallenge } from "#app/lib/altcha.server";
import { clientKey, consumeRateLimit } from "#app/lib/rate-limit.server";
import type { Route } from "./+types/altcha-challenge";

/** A fresh proof-of-work challenge for the altcha widget of the donation and report forms; never cached. */
export async function loader({ request }: Route.LoaderArgs) {
  const wait = await consumeRateLimit("altcha-challenge", clientKey(request), {
    points: 60,
    durationSeconds: 600,
  });
  if (wait !== null) {
    return Response.json(
      { error: "Too many requests" },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  return Response.json(await newAltchaChallenge(), {
    headers: { "Cache-Control": "no-store" },
  });
}
