import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId, useState } from "react";
import { Form } from "react-router";
import { ErrorList } from "#app/components/forms";
import {
  amountProblem,
  chosenAmount,
  FREQUENCIES,
  type Frequency,
  FULL_SITE_DEFAULT_AMOUNT,
  FULL_SITE_DEFAULT_FREQUENCY,
  FULL_SITE_PRESETS,
  formatDollars,
  impactMessage,
  MAX_DONATION_DOLLARS,
  MIN_DONATION_DOLLARS,
  sanitizeCustomAmount,
} from "#app/lib/impact";
import { ChoiceRadio } from "./choice-radio";
import { DONATE_INTENT, donationSchema } from "./donation-schema";

/** The page's action data when it answers this form (the page also has a newsletter form). */
export function donationResult(actionData: unknown): SubmissionResult<string[]> | undefined {
  if (typeof actionData !== "object" || actionData === null || !("initialValue" in actionData)) {
    return undefined;
  }
  const result = actionData as SubmissionResult<string[]>;
  return result.initialValue?.intent === DONATE_INTENT ? result : undefined;
}

/** Answers for any other form on the page: everything that is not this form's result. */
export function withoutDonationResult(actionData: unknown) {
  return donationResult(actionData) ? undefined : actionData;
}

function initialText(result: SubmissionResult<string[]> | undefined, name: string) {
  const value = result?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * The full-site donation panel (spec 4, 5, 9; D3): presets, a custom amount that wins over them,
 * one-time or monthly, and the impact of the chosen amount. It posts to the page's action, which
 * validates the same schema.
 */
export function DonationForm({
  formId,
  lastResult,
}: {
  /** Distinct per copy on the page (inline panel, mobile dialog). */
  formId: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: donationSchema }),
  });
  // A refused submission without JavaScript re-renders the page: start from what was sent.
  const [frequency, setFrequency] = useState<Frequency>(() =>
    initialText(lastResult, "frequency") === "monthly" ? "monthly" : FULL_SITE_DEFAULT_FREQUENCY,
  );
  const [preset, setPreset] = useState(() => {
    const sent = Number(initialText(lastResult, "preset"));
    return FULL_SITE_PRESETS.some((value) => value === sent) ? sent : FULL_SITE_DEFAULT_AMOUNT;
  });
  const [custom, setCustom] = useState(() => initialText(lastResult, "customAmount") ?? "");
  const hintId = useId();

  const amount = chosenAmount(preset, sanitizeCustomAmount(custom));
  const valid = amountProblem(amount) === null;
  const impact = valid ? impactMessage(amount) : null;
  const customErrors = fields.customAmount.errors;

  return (
    <Form method="post" {...getFormProps(form)} aria-label="Donation" className="space-y-5">
      <input type="hidden" name="intent" value={DONATE_INTENT} />

      <fieldset>
        <legend className="field-label mb-2">How often would you like to give?</legend>
        <div className="grid grid-cols-2 gap-2">
          {FREQUENCIES.map((option) => (
            <ChoiceRadio
              key={option.value}
              name="frequency"
              value={option.value}
              checked={frequency === option.value}
              onSelect={() => setFrequency(option.value)}
            >
              {option.label}
            </ChoiceRadio>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="field-label mb-2">Choose an amount</legend>
        <div className="grid grid-cols-4 gap-2">
          {FULL_SITE_PRESETS.map((value) => (
            <ChoiceRadio
              key={value}
              name="preset"
              value={String(value)}
              // A custom amount takes over: no preset shows as chosen while it is filled in.
              checked={custom === "" && preset === value}
              onSelect={() => {
                setPreset(value);
                setCustom("");
              }}
            >
              {formatDollars(value)}
            </ChoiceRadio>
          ))}
        </div>
        <div className="field mt-3">
          <label htmlFor={fields.customAmount.id} className="field-label">
            Or enter another amount
          </label>
          <p id={hintId} className="field-hint">
            Whole US dollars, from {formatDollars(MIN_DONATION_DOLLARS)} to{" "}
            {formatDollars(MAX_DONATION_DOLLARS)}.
          </p>
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-semibold"
            >
              $
            </span>
            <input
              id={fields.customAmount.id}
              name={fields.customAmount.name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={custom}
              onChange={(event) => setCustom(sanitizeCustomAmount(event.target.value))}
              aria-invalid={customErrors ? true : undefined}
              aria-describedby={[hintId, customErrors ? fields.customAmount.errorId : null]
                .filter(Boolean)
                .join(" ")}
              className="field-input pl-7"
            />
          </div>
          <ErrorList id={fields.customAmount.errorId} errors={customErrors} />
        </div>
      </fieldset>

      <p aria-live="polite" aria-atomic="true" className="min-h-6 text-center">
        {impact ? (
          <>
            Your {frequency === "monthly" ? "monthly " : ""}gift of {formatDollars(amount)} can help{" "}
            <strong>{impact}</strong>.
          </>
        ) : null}
      </p>

      <button type="submit" className="btn btn-accent w-full text-lg">
        {valid
          ? `Donate ${formatDollars(amount)}${frequency === "monthly" ? " monthly" : ""}`
          : "Donate"}
      </button>
      <p className="text-center text-sm text-[var(--color-muted)]">
        Secure card payments are opening soon. Until then, we will show you how to give by phone or
        by mail. Nothing is charged here.
      </p>
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}
