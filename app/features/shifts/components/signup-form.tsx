import { Form } from "react-router";
import { ErrorList, Field, HoneypotField } from "#app/components/forms";
import { emailField, usePublicForm } from "#app/components/public-form";
import { volunteerRequirements } from "#app/features/shifts/opportunities";
import { useLocale } from "#app/i18n/translator";
import type { FieldState } from "#app/lib/form-feedback";
import { limits } from "#app/lib/limits";

/** A required box whose message, from the server or the browser, is tied to it. */
function TickBox({ field, label }: { field: FieldState; label: string }) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={field.id}
          type="checkbox"
          name={field.name}
          required
          defaultChecked={field.defaultValue === "on"}
          aria-invalid={field.errors ? true : undefined}
          aria-describedby={field.errors ? field.errorId : undefined}
          className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
        />
        <label htmlFor={field.id} className="font-medium">
          {label}
        </label>
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * The sign-up for one shift: a plain form posted to the shift's page, so it works without
 * JavaScript; no account. The server validates it again (schemas.ts).
 */
export function SignupForm({ lastResult }: { lastResult: unknown }) {
  const { t } = useLocale();
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: "shift-signup",
    lastResult,
    rules: {
      name: { missing: t("validation.name") },
      email: { missing: t(emailField.missing), invalid: t(emailField.invalid) },
      phone: { invalid: t("validation.phone") },
      adult: { missing: t("volunteerShifts.adultMissing") },
      acknowledged: { missing: t("volunteerShifts.acknowledgeMissing") },
    },
  });
  return (
    <Form method="post" {...formProps} className="mt-4 space-y-4">
      <HoneypotField />
      <Field
        label={t("forms.name")}
        field={field("name")}
        autoComplete="name"
        required
        maxLength={limits.name}
        disabled={submitting}
      />
      <Field
        label={t(emailField.label)}
        field={field("email")}
        type="email"
        autoComplete="email"
        required
        maxLength={limits.email}
        disabled={submitting}
      />
      <Field
        label={t("forms.phoneOptional")}
        field={field("phone")}
        type="tel"
        autoComplete="tel"
        maxLength={limits.phone}
        pattern="\+?[0-9\(\)\.\-\s]*"
        disabled={submitting}
      />
      <TickBox field={field("adult")} label={t("volunteerShifts.adult")} />
      <div>
        <p className="font-medium">{t("volunteerShifts.requirementsIntro")}</p>
        <ul className="mt-1 list-disc space-y-1 pl-6">
          {volunteerRequirements.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </div>
      <TickBox field={field("acknowledged")} label={t("volunteerShifts.acknowledge")} />
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        {t(submitting ? "forms.sending" : "volunteerShifts.submit")}
      </button>
      <ErrorList id={formErrorId} errors={formErrors} />
    </Form>
  );
}
