import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { session } from "#app/db/schema/auth";
import { setCookiesFrom } from "#app/features/accounts/account-limits.server";
import { auth } from "#app/lib/auth/better-auth.server";
import { assertFormPost } from "#app/lib/form-actions.server";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/logout";

/**
 * The dashboard's Logout button posts here. The session row is deleted by us first because
 * better-auth's sign-out only logs a failed delete and clears the cookie anyway: a visitor must
 * never believe they are logged out while the session still works.
 */
export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  try {
    const current = await auth().api.getSession({
      headers: request.headers,
      query: { disableRefresh: true },
    });
    if (current) await db().delete(session).where(eq(session.id, current.session.id));
    const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    return redirectWithToast(
      "/login",
      { type: "success", title: "Logged out", description: "You have been logged out" },
      { headers: setCookiesFrom(headers) },
    );
  } catch (error) {
    logger.error({ err: error, requestId: request.headers.get("x-request-id") }, "logout failed");
    return redirectWithToast("/admin", { type: "error", title: "Failed to log out" });
  }
}

/** A GET never logs anyone out (a link or image could trigger it); it just goes to the form. */
export function loader() {
  return new Response(null, { status: 302, headers: { Location: "/login" } });
}
