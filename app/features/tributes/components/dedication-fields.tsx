/**
 * The dedication's fields (docs/decisions/232-tribute-gifts.md): in honour or in memory, the
 * honoree, and optionally a card by e-mail with its preview. Plain controls: the form works
 * without scripts, and the server checks everything again (app/features/tributes/gifts.server.ts).
 * Loaded when the donor opens "Dedicate this gift" (dedication.tsx).
 */
import { useId } from "react";
import { ErrorList, Field, TextareaField } from "#app/components/forms";
import { PREVIEW_INTENT } from "#app/features/tributes/preview";
import {
  type CardPreview,
  TRIBUTE_FIELDS as F,
  TRIBUTE_KINDS,
  TRIBUTE_LIMITS,
} from "#app/features/tributes/rules";
import { useLocale } from "#app/i18n/translator";
import type { FieldState } from "#app/lib/form-feedback";

/**
 * What the donor typed or chose in the server's markup of these fields, and where the focus was,
 * carried into the fields React renders in its place (dedication.tsx).
 */
export function carryOver(from: HTMLElement | null) {
  const controls = (container: HTMLElement | null) => [
    ...(container?.querySelectorAll<HTMLInputElement>("input, select, textarea") ?? []),
  ];
  const typed = controls(from).map(({ name, value, checked }) => ({ name, value, checked }));
  const active = document.activeElement;
  const focused = active && from?.contains(active) ? active.id : null;
  return (into: HTMLElement | null) => {
    const targets = controls(into);
    for (const { name, value, checked } of typed) {
      const target = targets.find(
        (control) => control.name === name && (control.type !== "radio" || control.value === value),
      );
      if (!target) continue;
      if (target.type === "checkbox" || target.type === "radio") target.checked = checked;
      else target.value = value;
    }
    if (focused) targets.find((control) => control.id === focused)?.focus();
  };
}

function Checkbox({ field, label }: { field: FieldState; label: string }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={field.id}
        type="checkbox"
        name={field.name}
        defaultChecked={field.defaultValue === "on"}
        className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
      />
      <label htmlFor={field.id} className="font-medium">
        {label}
      </label>
    </div>
  );
}

function Preview({ preview }: { preview: CardPreview }) {
  const { t } = useLocale();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="card space-y-2">
      <h3 id={titleId} className="font-semibold">
        {t("donation.dedication.previewTitle")}
      </h3>
      <div lang={preview.language} className="space-y-2">
        <p className="font-semibold">
          {t("donation.dedication.previewSubject", { subject: preview.subject })}
        </p>
        {preview.lines.map((line) => (
          <p key={line} className="whitespace-pre-line">
            {line}
          </p>
        ))}
      </div>
    </section>
  );
}

export default function DedicationFields({
  field,
  preview,
}: {
  field: (name: string) => FieldState;
  preview: CardPreview | null;
}) {
  const { t, locale } = useLocale();
  const kind = field(F.kind);
  const language = field(F.language);
  const cardLanguage = language.defaultValue ?? locale;
  return (
    <div className="mt-4 space-y-4">
      <fieldset aria-describedby={kind.errors ? kind.errorId : undefined}>
        <legend className="field-label mb-2">{t("donation.dedication.kindLegend")}</legend>
        <div className="flex flex-wrap gap-4">
          {TRIBUTE_KINDS.map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={kind.name}
                value={value}
                defaultChecked={kind.defaultValue === value}
                aria-invalid={kind.errors ? true : undefined}
                className="size-5 accent-[var(--color-primary)]"
              />
              {t(value === "honor" ? "donation.dedication.honor" : "donation.dedication.memory")}
            </label>
          ))}
        </div>
        <ErrorList id={kind.errorId} errors={kind.errors} />
      </fieldset>
      <Field
        label={t("donation.dedication.honoree")}
        field={field(F.honoree)}
        maxLength={TRIBUTE_LIMITS.honoree}
        autoComplete="off"
      />
      <p className="field-hint">{t("donation.dedication.monthlyNote")}</p>
      <Checkbox field={field(F.card)} label={t("donation.dedication.card")} />
      <Field
        label={t("donation.dedication.recipientName")}
        field={field(F.recipientName)}
        maxLength={TRIBUTE_LIMITS.recipientName}
        autoComplete="off"
      />
      <Field
        label={t("donation.dedication.recipientEmail")}
        field={field(F.recipientEmail)}
        type="email"
        maxLength={TRIBUTE_LIMITS.email}
        autoComplete="off"
      />
      <TextareaField
        label={t("donation.dedication.message")}
        field={field(F.message)}
        rows={3}
        maxLength={TRIBUTE_LIMITS.message}
      />
      <div className="field">
        <label htmlFor={language.id} className="field-label">
          {t("donation.dedication.language")}
        </label>
        <select
          id={language.id}
          name={language.name}
          defaultValue={cardLanguage}
          className="field-input"
        >
          <option value="en" lang="en">
            English
          </option>
          <option value="es" lang="es">
            Español
          </option>
        </select>
        <ErrorList id={language.errorId} errors={language.errors} />
      </div>
      <Field
        label={t("donation.dedication.sendOn")}
        field={field(F.sendOn)}
        type="date"
        hint={t("donation.dedication.sendOnHint")}
      />
      <Checkbox field={field(F.showAmount)} label={t("donation.dedication.showAmount")} />
      <p className="field-hint">{t("donation.dedication.privacy")}</p>
      <button
        type="submit"
        name="intent"
        value={PREVIEW_INTENT}
        formNoValidate
        className="btn btn-outline w-full"
      >
        {t("donation.dedication.preview")}
      </button>
      {preview ? <Preview preview={preview} /> : null}
    </div>
  );
}
