/**
 * Parts of the donation panel drawn again only when what they show changes. The panel holds the
 * gift's state, so each keystroke in the custom amount draws it again; on a slow phone drawing
 * every radio, field and message each time held the next paint up. These parts are memoised on
 * their own values (docs/decisions/072-preset-amounts-as-radios.md for the radios).
 */
import { memo } from "react";
import { Field, HoneypotField } from "#app/components/forms";
import {
  FREQUENCIES,
  type Frequency,
  formatDollars,
  impactText,
} from "#app/features/donations/rules";
import { useLocale } from "#app/i18n/translator";
import type { FieldState } from "#app/lib/form-feedback";
import { ChoiceRadio } from "./choice-radio";

export const FrequencyChoices = memo(function FrequencyChoices({
  frequency,
  onChoose,
}: {
  frequency: Frequency;
  onChoose: (frequency: Frequency) => void;
}) {
  const { t } = useLocale();
  return (
    <fieldset>
      <legend className="field-label mb-2">{t("donation.howOften")}</legend>
      <div className="grid grid-cols-2 gap-2">
        {FREQUENCIES.map((option) => (
          <ChoiceRadio
            key={option.value}
            name="frequency"
            value={option.value}
            checked={frequency === option.value}
            onSelect={() => onChoose(option.value)}
          >
            {t(option.label)}
          </ChoiceRadio>
        ))}
      </div>
    </fieldset>
  );
});

/** The preset amounts; `checked` is the chosen one, null while a custom amount is in use. */
export const PresetChoices = memo(function PresetChoices({
  presets,
  checked,
  onChoose,
}: {
  presets: readonly { amount: number; people?: number }[];
  checked: number | null;
  onChoose: (amount: number) => void;
}) {
  const { t, locale } = useLocale();
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {presets.map((option) => (
        <ChoiceRadio
          key={option.amount}
          name="preset"
          value={String(option.amount)}
          checked={checked === option.amount}
          onSelect={() => onChoose(option.amount)}
        >
          <span>{formatDollars(option.amount, locale)}</span>
          {option.people ? (
            <span className="text-sm font-normal">
              ({impactText(t, { people: option.people, orMore: false })})
            </span>
          ) : null}
        </ChoiceRadio>
      ))}
    </div>
  );
});

function sameErrors(a: string[] | undefined, b: string[] | undefined) {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((error, index) => error === b[index]);
}

function sameField(a: FieldState, b: FieldState) {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.errorId === b.errorId &&
    a.defaultValue === b.defaultValue &&
    sameErrors(a.errors, b.errors)
  );
}

type FieldProps = Parameters<typeof Field>[0];

/** A donor field, drawn again only when its label, constraints or messages change. */
export const DonorField = memo(Field, (before: FieldProps, after: FieldProps) => {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)] as (keyof FieldProps)[]);
  for (const key of keys) {
    if (key === "field" ? !sameField(before.field, after.field) : before[key] !== after[key]) {
      return false;
    }
  }
  return true;
});

/** The honeypot never changes once drawn. */
export const Honeypot = memo(HoneypotField);
