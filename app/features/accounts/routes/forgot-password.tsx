import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { AccountEmailField, ErrorList } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { authFailure, countAttempt } from "#app/features/accounts/account-limits.server";
import { forgotPasswordSchema } from "#app/features/accounts/schemas";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { auth, RESET_PASSWORD_PAGE } from "#app/lib/auth/better-auth.server";
import { emailRule } from "#app/lib/auth/rules";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { clientKey } from "#app/lib/rate-limit.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/forgot-password";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms", "validation"],
} satisfies PageMessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, handle) };
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  const limited = await countAttempt("passwordReset", "client", clientKey(request), submission);
  if (limited) return limited;
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { email } = submission.value;
  const limitedAccount = await countAttempt("passwordReset", "account", email, submission);
  if (limitedAccount) return limitedAccount;

  try {
    // better-auth answers the same whether or not the address has an account.
    await auth().api.requestPasswordReset({
      body: { email, redirectTo: RESET_PASSWORD_PAGE },
      headers: request.headers,
    });
  } catch (error) {
    return authFailure(error, request, {
      title: "Password reset failed",
      redirectTo: "/forgot-password",
    });
  }
  return redirectWithToast("/login", {
    type: "success",
    title: "Check your email",
    description: "If an account uses this address, we have sent it a link to reset the password.",
  });
}

export function meta() {
  return [{ title: "Forgot Password - Houston Home Foundation" }];
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: "forgot-password-form",
    lastResult: actionData,
    rules: { email: emailRule },
  });
  return (
    <main id="main-content" className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-2 text-[var(--color-muted)]">
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      <Form method="post" {...formProps} className="card mt-6 space-y-4">
        <AccountEmailField field={field("email")} />
        <ErrorList id={formErrorId} errors={formErrors} />
        <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
          {submitting ? "Sending..." : "Send reset link"}
        </button>
      </Form>
      <p className="mt-6 text-center">
        <Link to="/login" className="link">
          Back to login
        </Link>
      </p>
    </main>
  );
}
