import { redirect } from "react-router";
import { unsubscribeByToken } from "#app/features/forms/index.server";
import type { Route } from "./+types/one-click";

/**
 * The https address of every newsletter's List-Unsubscribe header (RFC 8058): a mail program's
 * POST `List-Unsubscribe=One-Click` unsubscribes at once, without a page; a GET (a person or a
 * scanner opening it) changes nothing and shows the unsubscribe page with its button
 * (docs/decisions/291-newsletter-subscribers-and-leaving.md).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
  const email = await unsubscribeByToken(new URL(request.url).searchParams.get("token"));
  return email
    ? new Response("Unsubscribed", { status: 200, headers: { "Content-Type": "text/plain" } })
    : new Response("This unsubscribe link is not valid", { status: 400 });
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
}
