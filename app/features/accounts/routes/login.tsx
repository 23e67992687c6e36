import { parseWithZod } from "@conform-to/zod/v4";
import { Tabs } from "radix-ui";
import { data, Form, Link, redirect, useNavigate } from "react-router";
import { AccountEmailField, ErrorList, Field, HoneypotField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import {
  authFailure,
  clearLoginFailures,
  countAttempt,
  countLoginFailure,
  refuseWhenLimited,
  setCookiesFrom,
} from "#app/features/accounts/account-limits.server";
import { loginSchema, signupSchema } from "#app/features/accounts/schemas";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { auth, VERIFIED_CALLBACK } from "#app/lib/auth/better-auth.server";
import { withPasswordCheck } from "#app/lib/auth/passwords.server";
import {
  authMessages,
  emailRule,
  newPasswordRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "#app/lib/auth/rules";
import { getCurrentUser } from "#app/lib/auth/session.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { clientKey } from "#app/lib/rate-limit.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/login";

type Tab = "login" | "signup";

function tabOf(url: URL): Tab {
  return url.searchParams.get("tab") === "signup" ? "signup" : "login";
}

const signupSuccess = {
  type: "success",
  title: "Signup successful",
  description: "Please check your email for verification",
} as const;

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms", "validation"],
} satisfies PageMessagesHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The e-mail verification link lands here (better-auth appends ?error= when it fails).
  if (url.searchParams.has("error")) {
    return redirectWithToast("/login", {
      type: "error",
      title: "Verification failed",
      description: "This link is invalid or has expired. Log in to receive a new one.",
    });
  }
  if (url.searchParams.has("verified")) {
    return redirectWithToast("/login", {
      type: "success",
      title: "Email verified",
      description: "You can now log in",
    });
  }
  if (await getCurrentUser(request)) throw redirect("/admin");
  return { tab: tabOf(url), messages: pageMessages(request, handle) };
}

async function login(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: loginSchema });
  const limited = await refuseWhenLimited(
    "loginFailures",
    "client",
    clientKey(request),
    submission,
  );
  if (limited) return limited;
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password } = submission.value;
  const limitedAccount = await refuseWhenLimited("loginFailures", "account", email, submission);
  if (limitedAccount) return limitedAccount;

  let headers: Headers;
  try {
    ({ headers } = await auth().api.signInEmail({
      body: { email, password, callbackURL: VERIFIED_CALLBACK },
      headers: request.headers,
      returnHeaders: true,
    }));
  } catch (error) {
    await countLoginFailure(request, email);
    return authFailure(error, request, {
      title: "Login failed",
      redirectTo: "/login",
      describe: {
        EMAIL_NOT_VERIFIED:
          "Email not verified. We have sent you a new verification link; please check your email.",
      },
    });
  }
  await clearLoginFailures(email);
  return redirectWithToast(
    "/admin",
    { type: "success", title: "Login successful", description: "You are now logged in" },
    { headers: setCookiesFrom(headers) },
  );
}

async function signup(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: withPasswordCheck(signupSchema) });

  // A filled honeypot is a bot: pretend it worked and create nothing.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") {
    return redirectWithToast("/login", signupSuccess);
  }

  const limited = await countAttempt("signup", "client", clientKey(request), submission);
  if (limited) return limited;
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password } = submission.value;
  const limitedAccount = await countAttempt("signup", "account", email, submission);
  if (limitedAccount) return limitedAccount;

  try {
    // An address that already has an account gets the same answer (its owner is told by e-mail),
    // so the form cannot be used to find out who has an account.
    await auth().api.signUpEmail({
      body: { email, password, name: email.split("@")[0], callbackURL: VERIFIED_CALLBACK },
      headers: request.headers,
    });
    return redirectWithToast("/login", signupSuccess);
  } catch (error) {
    return authFailure(error, request, { title: "Signup failed", redirectTo: "/login?tab=signup" });
  }
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const formData = await readForm(request);
  // Each reply carries the hidden `intent` field, so only the form that was sent shows it.
  return formData.get("intent") === "signup" ? signup(request, formData) : login(request, formData);
}

export function meta() {
  return [{ title: "Login - Houston Home Foundation" }];
}

function LoginForm({ lastResult }: { lastResult: unknown }) {
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: "login-form",
    lastResult,
    intent: "login",
    rules: { email: emailRule, password: { missing: authMessages.password } },
  });
  return (
    <Form method="post" action="/login" {...formProps} className="space-y-4">
      <input type="hidden" name="intent" value="login" />
      <AccountEmailField field={field("email")} />
      <Field
        label="Password"
        field={field("password")}
        type="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <ErrorList id={formErrorId} errors={formErrors} />
      <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
        {submitting ? "Logging in..." : "Login"}
      </button>
      <p className="text-center">
        <Link to="/forgot-password" className="link">
          Forgot your password?
        </Link>
      </p>
    </Form>
  );
}

function SignupForm({ lastResult }: { lastResult: unknown }) {
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: "signup-form",
    lastResult,
    intent: "signup",
    rules: { email: emailRule, password: newPasswordRule },
  });
  return (
    <Form method="post" action="/login?tab=signup" {...formProps} className="space-y-4">
      <input type="hidden" name="intent" value="signup" />
      <AccountEmailField field={field("email")} />
      <Field
        label="Password"
        field={field("password")}
        type="password"
        autoComplete="new-password"
        hint={authMessages.passwordHint}
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <HoneypotField />
      <ErrorList id={formErrorId} errors={formErrors} />
      <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
        {submitting ? "Signing up..." : "Sign Up"}
      </button>
      <p className="text-sm text-[var(--color-muted)]">
        New accounts have no dashboard access until an administrator grants staff access.
      </p>
    </Form>
  );
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { tab } = loaderData;
  return (
    <main id="main-content" className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold">Staff Login</h1>
      <Tabs.Root
        value={tab}
        // The tab lives in the URL: links work without JavaScript, and with it the keyboard moves
        // between tabs as Radix expects.
        onValueChange={(value) =>
          navigate(value === "signup" ? "?tab=signup" : "?", {
            replace: true,
            preventScrollReset: true,
          })
        }
        className="card mt-8"
      >
        <Tabs.List aria-label="Login or sign up" className="mb-6 grid grid-cols-2 gap-2">
          <Tabs.Trigger value="login" asChild>
            <Link to="?" replace preventScrollReset className="btn btn-outline">
              Login
            </Link>
          </Tabs.Trigger>
          <Tabs.Trigger value="signup" asChild>
            <Link to="?tab=signup" replace preventScrollReset className="btn btn-outline">
              Sign Up
            </Link>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login">
          <LoginForm lastResult={actionData} />
        </Tabs.Content>
        <Tabs.Content value="signup">
          <SignupForm lastResult={actionData} />
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}
