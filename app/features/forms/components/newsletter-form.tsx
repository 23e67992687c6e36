import { emailField, PublicForm } from "#app/components/public-form";
import type { NewsletterInput } from "#app/features/forms/schemas";
import { useLocale } from "#app/i18n/translator";
import { limits } from "#app/lib/limits";

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
  const { t } = useLocale();
  return (
    <PublicForm<NewsletterInput>
      id={`newsletter-${variant}`}
      lastResult={lastResult}
      hidden={{ intent: NEWSLETTER_INTENT }}
      ariaLabel={t("newsletter.formLabel")}
      className={
        variant === "launch"
          ? "mx-auto flex w-full max-w-md flex-col gap-4 text-left"
          : "grid w-full gap-4 text-left sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      }
      fields={[
        {
          name: "firstName",
          label: "forms.firstName",
          autoComplete: "given-name",
          maxLength: limits.name,
          missing: "validation.firstName",
        },
        emailField,
      ]}
      buttonWrapperClassName={variant === "home" ? "sm:pt-8" : undefined}
      buttonClassName={`btn w-full ${variant === "launch" ? "btn-accent" : "btn-primary"}`}
      submitLabel="newsletter.subscribe"
      submittingLabel="newsletter.subscribing"
    />
  );
}
