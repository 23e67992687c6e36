import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { ErrorList, Field, HoneypotField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { limits, newsletterSchema } from "#app/lib/schemas";

/** Tells the page's action which of its forms was sent (the landing page also has a donation form). */
export const NEWSLETTER_INTENT = "newsletter";

/**
 * The newsletter sign-up of the pre-launch page ("launch") and of the landing page ("home").
 * It posts to the page it is on, whose action hands the request to `subscribeToNewsletter`.
 */
export function NewsletterForm({
  variant,
  lastResult,
}: {
  variant: "launch" | "home";
  /** The page's `useActionData()`: a Conform reply from this form, or anything else / undefined. */
  lastResult?: unknown;
}) {
  const { form, fields, submitting } = usePublicForm(newsletterSchema, {
    id: `newsletter-${variant}`,
    lastResult,
    intent: NEWSLETTER_INTENT,
  });

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label="Newsletter sign-up"
      className={
        variant === "launch"
          ? "mx-auto flex w-full max-w-md flex-col gap-4 text-left"
          : "grid w-full gap-4 text-left sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      }
    >
      <input type="hidden" name="intent" value={NEWSLETTER_INTENT} />
      <HoneypotField />
      <Field
        label="First name"
        field={fields.firstName}
        autoComplete="given-name"
        maxLength={limits.name}
        disabled={submitting}
      />
      <Field
        label="Email"
        field={fields.email}
        type="email"
        autoComplete="email"
        maxLength={limits.email}
        disabled={submitting}
      />
      <div className={variant === "home" ? "sm:pt-8" : undefined}>
        <button
          type="submit"
          disabled={submitting}
          className={`btn w-full ${variant === "launch" ? "btn-accent" : "btn-primary"}`}
        >
          {submitting ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}
