/**
 * The gift the donation panel is building: frequency, preset or custom amount, and whether the
 * donor covers the card fee, with what follows from them (impact, fee, total, the custom amount's
 * message). Kept apart from the panel so donation-panel.tsx reads as markup. The rules are those
 * of docs/decisions/012-custom-amount-rules.md (whole dollars, within limits, a custom amount
 * wins) and docs/decisions/072-preset-amounts-as-radios.md (presets and frequency are native
 * radios, so the form also works without JavaScript).
 */
import { type RefObject, useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { coveredFeeCents } from "#app/features/donations/fees";
import {
  amountProblem,
  amountProblemMessage,
  chosenAmount,
  DONATION_PANELS,
  type DonationPanelKind,
  donationPresetFromSearch,
  FREQUENCIES,
  type Frequency,
  nextPrelaunchAmount,
  sanitizeCustomAmount,
} from "#app/features/donations/rules";
import { useLocale } from "#app/i18n/translator";
import type { FieldRule, FieldState } from "#app/lib/form-feedback";

/** The message for an amount the panel cannot take online, in the page's language; else null. */
function useAmountRefusal() {
  const { t, locale } = useLocale();
  return (amount: number) => {
    const issue = amountProblem(amount);
    return issue ? amountProblemMessage(t, issue, locale) : null;
  };
}

/**
 * The browser's rule for the custom amount box, given to the form's validation: an amount out of
 * range is explained next to the box, and nothing is sent. It reads the box itself, because it runs
 * in the input event, before the new value renders.
 */
export function useCustomAmountRule(): FieldRule {
  const refusalOf = useAmountRefusal();
  return {
    check: (control) => {
      const text = sanitizeCustomAmount(control.value);
      return text === "" ? null : refusalOf(Number(text));
    },
  };
}

export function useGiftAmount({
  kind,
  sent,
  refused,
  customAmount,
  formRef,
}: {
  kind: DonationPanelKind;
  /** A value of the refused post this page shows (the form's `sentValue`). */
  sent: (name: string) => string | undefined;
  /** Whether the page shows the server's refusal of a post. */
  refused: boolean;
  /** The custom amount box: its id, name and the messages the form has for it. */
  customAmount: FieldState;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const config = DONATION_PANELS[kind];
  const refusalOf = useAmountRefusal();
  // A campaign link may preset the amount and frequency; the donor's own last choice wins.
  const [search] = useSearchParams();
  const preset = donationPresetFromSearch(search);

  const isPreset = (amount: number | undefined) =>
    config.presets.some((option) => option.amount === amount);
  // What came back from a refused post wins, then the campaign link, then the panel's defaults.
  const sentCustom = sent("customAmount") ?? "";
  const sentPreset = Number(sent("preset"));
  const linkAmount = refused ? undefined : preset.amount;
  const [frequency, setFrequency] = useState<Frequency>(
    (sent("frequency") as Frequency | undefined) ?? preset.frequency ?? config.defaultFrequency,
  );
  const [presetAmount, setPresetAmount] = useState(
    isPreset(sentPreset)
      ? sentPreset
      : isPreset(linkAmount)
        ? (linkAmount as number)
        : config.defaultAmount,
  );
  // A refused value is shown as typed, next to its message.
  const [custom, setCustom] = useState(
    sentCustom !== "" ? sentCustom : linkAmount && !isPreset(linkAmount) ? String(linkAmount) : "",
  );
  // Pre-launch panel (docs/decisions/011-prelaunch-donation-panel.md): emptying the custom box
  // keeps the amount typed before.
  const [kept, setKept] = useState<number | null>(null);
  const [coverFee, setCoverFee] = useState(sent("coverFee") === "on");

  const amount =
    custom === "" && kept !== null
      ? kept
      : chosenAmount(presetAmount, sanitizeCustomAmount(custom));
  const problem = refusalOf(amount);
  const fee = problem ? 0 : coveredFeeCents(amount * 100);
  const presetChecked = custom === "" && kept === null;
  // The same function on every render, so the memoised preset radios are not drawn again for it.
  const choosePreset = useCallback((option: number) => {
    setPresetAmount(option);
    setCustom("");
    setKept(null);
  }, []);

  // On a slow phone the donor may choose before React has taken over the page: adopt what the form
  // shows then, instead of the server's defaults undoing the choice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const chosen = (name: string) =>
      form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value;
    const shownFrequency = FREQUENCIES.find((option) => option.value === chosen("frequency"));
    if (shownFrequency) setFrequency(shownFrequency.value);
    const shownPreset = Number(chosen("preset"));
    if (isPreset(shownPreset)) setPresetAmount(shownPreset);
    const typed = form.querySelector<HTMLInputElement>(`#${CSS.escape(customAmount.id)}`)?.value;
    if (typed) setCustom(sanitizeCustomAmount(typed));
    const fee = form.elements.namedItem("coverFee");
    if (fee instanceof HTMLInputElement) setCoverFee(fee.checked);
  }, []);

  return {
    config,
    frequency,
    chooseFrequency: setFrequency,
    /** The preset shown as chosen; null while a custom amount takes over. */
    checkedPreset: presetChecked ? presetAmount : null,
    choosePreset,
    /** The custom box's text (digits only). */
    custom,
    /** The pre-launch panel's previous amount, posted while its custom box is empty. */
    kept,
    typeCustom: (typed: string) => {
      const text = sanitizeCustomAmount(typed);
      if (kind === "prelaunch" && text === "") {
        setKept(nextPrelaunchAmount(amount, text));
      } else setKept(null);
      setCustom(text);
    },
    /** The amount in whole dollars, and why it cannot be given online (null when it can). */
    amount,
    problem,
    impact: problem ? null : config.impact(amount),
    /** The card fee in cents the donor may cover, and whether they do. */
    fee,
    coverFee,
    setCoverFee,
    totalCents: amount * 100 + (coverFee ? fee : 0),
    /** The custom box's messages: the form's own, else the live one while the box holds text. */
    customErrors: customAmount.errors ?? (problem && custom !== "" ? [problem] : undefined),
    customInvalid: customAmount.errors || problem ? true : undefined,
  };
}
