import { useId, useState } from "react";
import {
  FREQUENCIES,
  type Frequency,
  formatDollars,
  nextPrelaunchAmount,
  PRELAUNCH_DEFAULT_AMOUNT,
  PRELAUNCH_DEFAULT_FREQUENCY,
  PRELAUNCH_PRESETS,
  prelaunchImpactMessage,
  sanitizeCustomAmount,
} from "#app/lib/impact";
import { contactInfo } from "#app/lib/site";
import { ChoiceRadio } from "./choice-radio";

/**
 * The pre-launch donation panel (spec 4, 9). Per the spec it takes no payment and makes no call, so
 * its button is disabled and says why, with the ways to give in the meantime (docs/decisions/011).
 */
export function PrelaunchDonationPanel() {
  const [frequency, setFrequency] = useState<Frequency>(PRELAUNCH_DEFAULT_FREQUENCY);
  const [amount, setAmount] = useState<number>(PRELAUNCH_DEFAULT_AMOUNT);
  const [custom, setCustom] = useState("");
  const customId = useId();
  const noteId = useId();

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="field-label mb-2">How often would you like to give?</legend>
        <div className="grid grid-cols-2 gap-2">
          {FREQUENCIES.map((option) => (
            <ChoiceRadio
              key={option.value}
              name="prelaunch-frequency"
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
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {PRELAUNCH_PRESETS.map((preset) => (
            <ChoiceRadio
              key={preset.amount}
              name="prelaunch-amount"
              value={String(preset.amount)}
              checked={custom === "" && amount === preset.amount}
              onSelect={() => {
                setAmount(preset.amount);
                setCustom("");
              }}
            >
              <span>{formatDollars(preset.amount)}</span>
              <span className="text-sm font-normal">({preset.people} people)</span>
            </ChoiceRadio>
          ))}
        </div>
        <div className="field mt-3">
          <label htmlFor={customId} className="field-label">
            Or enter another amount (US dollars)
          </label>
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-semibold"
            >
              $
            </span>
            <input
              id={customId}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={custom}
              onChange={(event) => {
                const text = sanitizeCustomAmount(event.target.value);
                setCustom(text);
                setAmount((previous) => nextPrelaunchAmount(previous, text));
              }}
              className="field-input pl-7"
            />
          </div>
        </div>
      </fieldset>

      <p aria-live="polite" aria-atomic="true" className="text-center">
        Your {frequency === "monthly" ? "monthly " : ""}gift of {formatDollars(amount)} can help{" "}
        <strong>{prelaunchImpactMessage(amount)}</strong>.
      </p>

      <button
        type="button"
        disabled
        aria-describedby={noteId}
        className="btn btn-accent w-full text-lg"
      >
        Donate {formatDollars(amount)}
        {frequency === "monthly" ? " monthly" : ""}
      </button>
      <p id={noteId} className="text-center text-sm">
        Online giving opens when our new site launches. Until then, please call us at{" "}
        <a href={`tel:${contactInfo.phone.replace(/[^\d+]/g, "")}`} className="link">
          {contactInfo.phone}
        </a>{" "}
        or write to{" "}
        <a href={`mailto:${contactInfo.email}`} className="link">
          {contactInfo.email}
        </a>
        .
      </p>
    </div>
  );
}
