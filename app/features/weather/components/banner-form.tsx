import { Form } from "react-router";
import { ErrorList, Field, TextareaField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import type { FieldState } from "#app/lib/form-feedback";
import { type BannerKind, bannerKinds, MESSAGE_MAX } from "../kinds";

const kindLabels: Record<BannerKind, string> = {
  freeze: "Freeze (cold)",
  heat: "Heat",
  storm: "Storm",
  other: "Other",
};

function describedBy(field: FieldState, hintId: string) {
  return [hintId, field.errors ? field.errorId : null].filter(Boolean).join(" ");
}

function TimeField({
  label,
  field,
  hint,
  required,
  defaultValue,
}: {
  label: string;
  field: FieldState;
  hint: string;
  required?: boolean;
  defaultValue?: string;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="field">
      <label htmlFor={field.id} className="field-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <p id={hintId} className="field-hint">
        {hint}
      </p>
      <input
        id={field.id}
        name={field.name}
        type="datetime-local"
        defaultValue={field.defaultValue ?? defaultValue}
        required={required}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={describedBy(field, hintId)}
        className="field-input"
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Staff set a banner: kind, both messages, Houston times and an optional link. */
export function BannerForm({
  lastResult,
  now,
  defaultLinks,
}: {
  lastResult: unknown;
  now: string;
  defaultLinks: Record<BannerKind, string>;
}) {
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: "weather-banner",
    lastResult,
    intent: "create",
    rules: {
      messageEn: { missing: "Message in English is required" },
      endsAt: { missing: "End is required" },
    },
  });
  const kind = field("kind");
  return (
    <section aria-labelledby="weather-form-heading" className="card">
      <h2 id="weather-form-heading" className="text-xl font-semibold">
        Set a weather banner
      </h2>
      <p className="mt-1 text-sm text-[var(--color-muted)]">
        It shows on every public page in English and Spanish between its start and end (Houston
        time), until you end it.
      </p>
      <Form method="post" {...formProps} className="mt-4 grid gap-4 md:grid-cols-2">
        <input type="hidden" name="intent" value="create" />
        <div className="field">
          <label htmlFor={kind.id} className="field-label">
            Kind
          </label>
          <select
            id={kind.id}
            name={kind.name}
            defaultValue={kind.defaultValue ?? "freeze"}
            className="field-input"
          >
            {bannerKinds.map((value) => (
              <option key={value} value={value}>
                {kindLabels[value]}
              </option>
            ))}
          </select>
          <ErrorList id={kind.errorId} errors={kind.errors} />
        </div>
        <Field
          label="Link (optional)"
          field={field("link")}
          maxLength={500}
          hint={`Blank: ${defaultLinks.freeze} for freeze, ${defaultLinks.heat} for heat. Spanish pages get the /es address.`}
        />
        <TextareaField
          label="Message in English"
          field={field("messageEn")}
          rows={3}
          required
          maxLength={MESSAGE_MAX}
        />
        <TextareaField
          label="Message in Spanish"
          field={field("messageEs")}
          rows={3}
          maxLength={MESSAGE_MAX}
        />
        <TimeField
          label="Start"
          field={field("startsAt")}
          hint="Houston time. Blank: now."
          defaultValue={now}
        />
        <TimeField label="End" field={field("endsAt")} hint="Houston time." required />
        <div className="space-y-2 md:col-span-2">
          <ErrorList id={formErrorId} errors={formErrors} />
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? "Saving…" : "Save banner"}
          </button>
        </div>
      </Form>
    </section>
  );
}
