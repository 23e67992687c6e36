import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { ErrorList, Field } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { authFailure, countAttempt } from "#app/features/accounts/account-limits.server";
import { resetPasswordSchema } from "#app/features/accounts/schemas";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { auth } from "#app/lib/auth/better-auth.server";
import { withPasswordCheck } from "#app/lib/auth/passwords.server";
import {
  authMessages,
  newPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "#app/lib/auth/rules";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { clientKey } from "#app/lib/rate-limit.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/reset-password";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms", "validation"],
} satisfies PageMessagesHandle;

/**
 * The e-mailed link goes through better-auth (/api/auth/reset-password/<token>), which checks the
 * token and lands here with ?token=... or ?error=INVALID_TOKEN.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (url.searchParams.has("error"))
    return { token: null, messages: pageMessages(request, handle) };
  if (!token) throw redirect("/forgot-password");
  return { token, messages: pageMessages(request, handle) };
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const submission = parseWithZod(await readForm(request), {
    schema: withPasswordCheck(resetPasswordSchema),
  });
  const limited = await countAttempt("passwordReset", "client", clientKey(request), submission);
  if (limited) return limited;
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  try {
    // Also ends every session of the account (revokeSessionsOnPasswordReset).
    await auth().api.resetPassword({
      body: { newPassword: submission.value.password, token: submission.value.token },
      headers: request.headers,
    });
  } catch (error) {
    return authFailure(error, request, {
      title: "Password reset failed",
      redirectTo: "/forgot-password",
      describe: {
        INVALID_TOKEN: "This reset link is invalid or has expired. Please ask for a new one.",
      },
    });
  }
  return redirectWithToast("/login", {
    type: "success",
    title: "Password changed",
    description: "You can now log in with your new password",
  });
}

export function meta() {
  return [{ title: "Choose a New Password - Houston Home Foundation" }];
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: "reset-password-form",
    lastResult: actionData,
    rules: {
      password: newPasswordRule,
      confirmPassword: {
        missing: authMessages.repeatPassword,
        check: (control, form) => {
          const password = form.elements.namedItem("password");
          return password instanceof HTMLInputElement && password.value !== control.value
            ? authMessages.passwordsDiffer
            : null;
        },
      },
    },
  });
  return (
    <main id="main-content" className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      {token === null ? (
        <div className="card mt-6">
          <p role="alert">This reset link is invalid or has expired.</p>
          <p className="mt-4">
            <Link to="/forgot-password" className="link">
              Ask for a new link
            </Link>
          </p>
        </div>
      ) : (
        <Form method="post" {...formProps} className="card mt-6 space-y-4">
          <input type="hidden" name="token" value={token} />
          <ErrorList errors={field("token").errors} />
          <Field
            label="New password"
            field={field("password")}
            type="password"
            autoComplete="new-password"
            hint={authMessages.passwordHint}
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
          />
          <Field
            label="Repeat the new password"
            field={field("confirmPassword")}
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
          />
          <ErrorList id={formErrorId} errors={formErrors} />
          <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
            {submitting ? "Saving..." : "Save new password"}
          </button>
        </Form>
      )}
    </main>
  );
}
