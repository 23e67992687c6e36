import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Form, useSearchParams } from "react-router";
import { ErrorList, Field, HoneypotField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { coveredFeeCents } from "#app/features/donations/fees";
import {
  amountProblem,
  amountProblemMessage,
  COULD_NOT_INITIALIZE,
  chosenAmount,
  DONATION_PANELS,
  type DonationPanelKind,
  donationPresetFromSearch,
  FREQUENCIES,
  type Frequency,
  formatDollars,
  impactText,
  MAX_DONATION_DOLLARS,
  MIN_DONATION_DOLLARS,
  nextPrelaunchAmount,
  sanitizeCustomAmount,
} from "#app/features/donations/rules";
import { RichMessage, useLocale } from "#app/i18n/translator";
import { isFormReply } from "#app/lib/form-feedback";
import { formatCents } from "#app/lib/money";
import { showToast } from "#app/lib/toasts";
import { useAltcha } from "./altcha-field";
import { ChoiceRadio } from "./choice-radio";

function CheckboxField({
  name,
  label,
  hint,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-[var(--color-muted)]">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The one donation panel (spec 4, 5, 9; D3), in its full-site or pre-launch configuration:
 * frequency, presets with a custom amount that wins over them, the donor, the choices (anonymous,
 * cover the card fee, newsletter), then on to the payment page. It is a plain form posted to
 * /donate, so it works without JavaScript; with it, the amount, impact and total follow each change.
 */
export function DonationPanel({
  kind,
  formId,
  lastResult,
  editToken,
}: {
  kind: DonationPanelKind;
  /** Distinct per copy on the page (inline panel, mobile dialog). */
  formId: string;
  lastResult?: unknown;
  /** Changing a donation the donor started (they came back from the payment page). */
  editToken?: string;
}) {
  const { t, locale, href } = useLocale();
  const dollars = (value: number) => formatDollars(value, locale);
  const cents = (value: number) => formatCents(value, "usd", locale);
  const config = DONATION_PANELS[kind];
  // A campaign link may preset the amount and frequency; the donor's own last choice wins.
  const [search] = useSearchParams();
  const preset = donationPresetFromSearch(search);
  const refusalOf = (amount: number) => {
    const issue = amountProblem(amount);
    return issue ? amountProblemMessage(t, issue, locale) : null;
  };
  const {
    field,
    sentValue: sent,
    formErrors,
    formErrorId,
    formProps,
    submitting,
  } = usePublicForm({
    id: formId,
    lastResult,
    rules: {
      // An amount out of range is explained next to the box, and nothing is sent.
      // Read from the box itself: this runs in the input event, before the new value renders.
      customAmount: {
        check: (control) => {
          const text = sanitizeCustomAmount(control.value);
          return text === "" ? null : refusalOf(Number(text));
        },
      },
      donorName: { missing: t("validation.name") },
      donorEmail: { missing: t("validation.email"), invalid: t("donation.errors.email") },
    },
  });
  const refused = isFormReply(lastResult);

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
  // Pre-launch rule (spec 5): emptying the custom box keeps the amount typed before.
  const [kept, setKept] = useState<number | null>(null);
  const [coverFee, setCoverFee] = useState(sent("coverFee") === "on");

  const amount =
    custom === "" && kept !== null
      ? kept
      : chosenAmount(presetAmount, sanitizeCustomAmount(custom));
  const problem = refusalOf(amount);
  const impact = problem ? null : config.impact(amount);
  const fee = problem ? 0 : coveredFeeCents(amount * 100);
  const presetChecked = custom === "" && kept === null;

  const customAmount = field("customAmount");
  const altcha = useAltcha();
  const formRef = useRef<HTMLFormElement>(null);
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
  const [waitingForCheck, setWaitingForCheck] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The fields are checked first; an invalid form stops here.
    formProps.onSubmit(event);
    if (event.defaultPrevented || altcha.isVerified()) return;
    // Hold the post until the proof of work is in the form, then send it again.
    event.preventDefault();
    setWaitingForCheck(true);
    void altcha.whenVerified().then(() => {
      setWaitingForCheck(false);
      formRef.current?.requestSubmit();
    });
  };
  useEffect(() => {
    if (lastResult) altcha.start();
  }, [lastResult, altcha.start]);
  // The spec's 'Error' toast when the payment could not be created (it also stays under the form).
  const couldNotInitialize = t(COULD_NOT_INITIALIZE);
  const initFailed = formErrors?.includes(couldNotInitialize) ?? false;
  useEffect(() => {
    if (initFailed) showToast.error(t("toast.error"), { description: couldNotInitialize });
  }, [initFailed, couldNotInitialize, t]);

  const customHintId = useId();
  const customErrors = customAmount.errors;
  const busy = submitting || waitingForCheck;

  return (
    <Form
      method="post"
      action={href("/donate")}
      ref={formRef}
      {...formProps}
      onSubmit={onSubmit}
      onFocus={altcha.start}
      onPointerDown={altcha.start}
      aria-label={t("donation.formLabel")}
      className="space-y-5"
    >
      <input type="hidden" name="panel" value={kind} />
      {editToken ? <input type="hidden" name="edit" value={editToken} /> : null}
      <HoneypotField />

      <fieldset>
        <legend className="field-label mb-2">{t("donation.howOften")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {FREQUENCIES.map((option) => (
            <ChoiceRadio
              key={option.value}
              name="frequency"
              value={option.value}
              checked={frequency === option.value}
              onSelect={() => setFrequency(option.value)}
            >
              {t(option.label)}
            </ChoiceRadio>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="field-label mb-2">{t("donation.chooseAmount")}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {config.presets.map((option) => (
            <ChoiceRadio
              key={option.amount}
              name="preset"
              value={String(option.amount)}
              // A custom amount takes over: no preset shows as chosen while it is in use.
              checked={presetChecked && presetAmount === option.amount}
              onSelect={() => {
                setPresetAmount(option.amount);
                setCustom("");
                setKept(null);
              }}
            >
              <span>{dollars(option.amount)}</span>
              {option.people ? (
                <span className="text-sm font-normal">
                  ({impactText(t, { people: option.people, orMore: false })})
                </span>
              ) : null}
            </ChoiceRadio>
          ))}
        </div>
        <div className="field mt-3">
          <label htmlFor={customAmount.id} className="field-label">
            {t("donation.otherAmount")}
          </label>
          <p id={customHintId} className="field-hint">
            {t("donation.otherAmountHint", {
              min: dollars(MIN_DONATION_DOLLARS),
              max: dollars(MAX_DONATION_DOLLARS),
            })}
          </p>
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-semibold"
            >
              $
            </span>
            {kept !== null ? <input type="hidden" name={customAmount.name} value={kept} /> : null}
            <input
              id={customAmount.id}
              name={kept !== null ? undefined : customAmount.name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={custom}
              onChange={(event) => {
                const text = sanitizeCustomAmount(event.target.value);
                if (kind === "prelaunch" && text === "") {
                  setKept(nextPrelaunchAmount(amount, text));
                } else setKept(null);
                setCustom(text);
              }}
              aria-invalid={customErrors || problem ? true : undefined}
              aria-describedby={[customHintId, customAmount.errorId].join(" ")}
              className="field-input pl-7"
            />
          </div>
          <ErrorList
            id={customAmount.errorId}
            errors={customErrors ?? (problem && custom !== "" ? [problem] : undefined)}
          />
        </div>
      </fieldset>

      <p aria-live="polite" aria-atomic="true" className="min-h-6 text-center">
        {impact ? (
          <RichMessage
            messageKey={frequency === "monthly" ? "donation.impactMonthly" : "donation.impactOnce"}
            values={{ amount: dollars(amount), people: impactText(t, impact) }}
            components={{ strong: <strong /> }}
          />
        ) : null}
      </p>

      <fieldset className="space-y-3">
        <legend className="field-label mb-1">{t("donation.details")}</legend>
        <Field
          label={t("donation.name")}
          field={field("donorName")}
          autoComplete="name"
          required
          maxLength={100}
        />
        <Field
          label={t("donation.email")}
          field={field("donorEmail")}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          hint={t("donation.emailHint")}
        />
        <CheckboxField
          name="anonymous"
          label={t("donation.anonymous")}
          hint={t("donation.anonymousHint")}
        />
        <CheckboxField
          name="coverFee"
          label={
            problem ? t("donation.coverFee") : t("donation.coverFeeAmount", { fee: cents(fee) })
          }
          hint={t("donation.coverFeeHint")}
          checked={coverFee}
          onChange={setCoverFee}
        />
        <CheckboxField name="newsletter" label={t("donation.newsletter")} />
      </fieldset>

      {altcha.widget}

      <p aria-live="polite" aria-atomic="true" className="text-center font-semibold">
        {problem
          ? null
          : t(frequency === "monthly" ? "donation.totalMonthly" : "donation.total", {
              total: cents(amount * 100 + (coverFee ? fee : 0)),
            })}
      </p>

      <button
        type="submit"
        disabled={busy}
        aria-disabled={busy}
        className="btn btn-accent w-full text-lg"
      >
        {busy
          ? t("donation.processing")
          : problem
            ? t("donation.donate")
            : t(
                frequency === "monthly" ? "donation.donateAmountMonthly" : "donation.donateAmount",
                {
                  amount: dollars(amount),
                },
              )}
      </button>
      <p className="text-center text-sm text-[var(--color-muted)]">
        {t(frequency === "monthly" ? "donation.nextStepMonthly" : "donation.nextStep")}
      </p>
      <ErrorList id={formErrorId} errors={formErrors} />
    </Form>
  );
}
