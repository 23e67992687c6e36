import { data, Form, Link, useNavigation } from "react-router";
import { assertFormPost } from "#app/lib/forms.server";
import { findSubscriptionByToken, unsubscribeByToken } from "#app/lib/newsletter.server";
import type { Route } from "./+types/unsubscribe";

export function meta() {
  return [
    { title: "Unsubscribe - Houston Home Foundation" },
    // Personal links from e-mails: keep them out of search engines.
    { name: "robots", content: "noindex" },
  ];
}

const invalid = () => data({ status: "invalid" as const }, { status: 400 });

/** The link in every newsletter e-mail: shows a confirmation button, changes nothing itself. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const subscription = await findSubscriptionByToken(token);
  if (!subscription || !token) return invalid();
  return {
    status: subscription.unsubscribed ? ("already" as const) : ("confirm" as const),
    email: subscription.email,
    token,
  };
}

/**
 * The confirmation button posts here with the token as a field; mail programs offering their own
 * unsubscribe button post `List-Unsubscribe=One-Click` to the e-mail's link itself (RFC 8058),
 * with the token in the query string.
 */
export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const field = (await request.formData()).get("token");
  const token = typeof field === "string" ? field : new URL(request.url).searchParams.get("token");
  const email = await unsubscribeByToken(token);
  if (!email) return invalid();
  return { status: "done" as const, email };
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const submitting = useNavigation().state === "submitting";

  return (
    <main id="main-content" className="mx-auto max-w-2xl px-4 py-20">
      <h1 className="text-4xl font-bold">Unsubscribe</h1>
      <div className="card mt-8" role={actionData ? "status" : undefined}>
        {state.status === "invalid" ? (
          <>
            <p className="text-lg font-semibold">This unsubscribe link is not valid.</p>
            <p className="mt-2">
              It may be incomplete or changed. Please use the link from your most recent e-mail, or{" "}
              <Link to="/contact" className="link">
                contact us
              </Link>{" "}
              and we will remove your address for you.
            </p>
          </>
        ) : state.status === "done" || state.status === "already" ? (
          <>
            <p className="text-lg font-semibold">You have been unsubscribed.</p>
            <p className="mt-2">
              We will no longer send newsletter e-mails to <strong>{state.email}</strong>. You can
              subscribe again at any time on our{" "}
              <Link to="/home" className="link">
                home page
              </Link>
              .
            </p>
          </>
        ) : (
          <>
            <p className="text-lg">
              Stop receiving our newsletter at <strong>{state.email}</strong>?
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={state.token} />
              <button type="submit" className="btn btn-primary" disabled={submitting}>
                Unsubscribe
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
