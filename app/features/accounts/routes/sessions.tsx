import { Form, Link } from "react-router";
import { z } from "zod";
import { SubmitButton } from "#app/components/forms";
import {
  describeDevice,
  endOtherSessions,
  endSession,
  listSessions,
} from "#app/features/accounts/sessions.server";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { formatDisplayDate } from "#app/lib/admin/dates.server";
import { getCurrentSessionId, requireUser } from "#app/lib/auth/session.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/sessions";

/**
 * Where an account sees the browsers signed in to it and ends any of them
 * (docs/decisions/131-session-lifetime.md).
 */
const PAGE = "/account/sessions";

async function requireSession(request: Request) {
  // At once: one lookup of the session answers both (app/lib/auth/session.server.ts).
  const [user, sessionId] = await Promise.all([requireUser(request), getCurrentSessionId(request)]);
  // requireUser found a session, so there is an id; a race with its deletion sends to /login.
  if (!sessionId) throw new Response(null, { status: 302, headers: { Location: "/login" } });
  return { user, sessionId };
}

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { user, sessionId } = await requireSession(request);
  const sessions = await listSessions(user.id);
  return {
    email: user.email,
    messages: pageMessages(request, handle),
    sessions: sessions.map((row) => ({
      id: row.id,
      current: row.id === sessionId,
      device: describeDevice(row.userAgent),
      ipAddress: row.ipAddress ?? "unknown",
      signedInAt: formatDisplayDate(row.signedInAt),
      lastActiveAt: formatDisplayDate(row.lastActiveAt),
      expiresAt: formatDisplayDate(row.expiresAt),
    })),
  };
}

const sessionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("end"), sessionId: z.string().min(1).max(200) }),
  z.object({ intent: z.literal("end-others") }),
]);

const failed = { type: "error", title: "Could not end the session" } as const;

export async function action({ request }: Route.ActionArgs) {
  const { user, sessionId } = await requireSession(request);
  assertFormPost(request);
  const parsed = sessionActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return redirectWithToast(PAGE, { ...failed, description: "Choose a session from the list." });
  }
  try {
    if (parsed.data.intent === "end-others") {
      const count = await endOtherSessions(user.id, sessionId);
      return redirectWithToast(PAGE, {
        type: "success",
        title: "Other sessions ended",
        description:
          count === 1
            ? "1 other browser was signed out."
            : `${count} other browsers were signed out.`,
      });
    }
    const ended = await endSession(user.id, parsed.data.sessionId);
    if (!ended) {
      return redirectWithToast(PAGE, { ...failed, description: "That session has already ended." });
    }
    if (parsed.data.sessionId === sessionId) {
      return redirectWithToast("/login", {
        type: "success",
        title: "Logged out",
        description: "You have been logged out",
      });
    }
    return redirectWithToast(PAGE, {
      type: "success",
      title: "Session ended",
      description: "That browser was signed out.",
    });
  } catch (error) {
    logger.error({ err: error, requestId: request.headers.get("x-request-id") }, "ending failed");
    return redirectWithToast(PAGE, failed);
  }
}

export const meta = () => [
  { title: "Your sessions - Houston Home Foundation" },
  { name: "robots", content: "noindex" },
];

export default function SessionsPage({ loaderData }: Route.ComponentProps) {
  const { email, sessions } = loaderData;
  const others = sessions.filter((row) => !row.current).length;
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Your sessions</h1>
      <p className="mt-2">
        Browsers signed in as <strong>{email}</strong>. A session ends after 2 hours without use and
        12 hours after signing in. If you do not recognise one, end it and change your password.
      </p>
      <ul className="mt-6 space-y-4">
        {sessions.map((row) => (
          <li key={row.id} className="card space-y-2">
            <h2 className="text-lg font-semibold">
              {row.device}
              {row.current ? " (this browser)" : null}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold">Signed in</dt>
              <dd>{row.signedInAt}</dd>
              <dt className="font-semibold">Last active</dt>
              <dd>{row.lastActiveAt}</dd>
              <dt className="font-semibold">Ends by</dt>
              <dd>{row.expiresAt}</dd>
              <dt className="font-semibold">Address</dt>
              <dd>{row.ipAddress}</dd>
            </dl>
            <Form method="post">
              <input type="hidden" name="intent" value="end" />
              <input type="hidden" name="sessionId" value={row.id} />
              <SubmitButton className="btn btn-outline">
                {row.current ? "Log out of this browser" : "End this session"}
                <span className="sr-only">
                  {" "}
                  ({row.device}, last active {row.lastActiveAt})
                </span>
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="end-others" />
          <SubmitButton className="btn btn-primary">End all other sessions</SubmitButton>
        </Form>
      ) : null}
      <p className="mt-6">
        <Link to="/admin" className="link">
          Back to the dashboard
        </Link>
      </p>
    </main>
  );
}
