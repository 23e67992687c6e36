import { redirect } from "react-router";
import { z } from "zod";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { SAVE_DATA_COOKIE } from "#app/lib/low-data";
import type { Route } from "./+types/save-data";

/**
 * The "Save data" switch (app/lib/low-data.ts): a plain form post, so it also turns off from a
 * low-data page, which has no scripts. Returns to the page it was sent from.
 */
const switchSchema = z.object({
  on: z.enum(["1", "0"]),
  // A path of this site only: never an address elsewhere (//host, https://...).
  back: z
    .string()
    .regex(/^\/(?![/\\])[^\s]*$/)
    .max(2000)
    .catch("/"),
});

/** A visit to the address itself (a bookmark, a typed URL): the switch is a form, so 405. */
export function loader({ request }: Route.LoaderArgs) {
  assertFormPost(request);
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const parsed = switchSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const { on, back } = parsed.data;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const cookie =
    on === "1"
      ? `${SAVE_DATA_COOKIE}=on; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
      : `${SAVE_DATA_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  return redirect(back, { status: 303, headers: { "Set-Cookie": cookie } });
}
