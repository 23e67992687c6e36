/**
 * The donation panel's markup: the one form both panel configurations post to /donate. Its logic
 * lives in hooks beside it (use-gift-amount.ts, use-bot-check.ts), so this file shows what the
 * donor sees and what the form sends.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Form } from "react-router";
import { ErrorList } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { useBotCheck } from "#app/components/use-bot-check";
import {
  COULD_NOT_INITIALIZE,
  type DonationPanelKind,
  formatDollars,
  impactText,
  MAX_DONATION_DOLLARS,
  MIN_DONATION_DOLLARS,
} from "#app/features/donations/rules";
import { RichMessage, useLocale } from "#app/i18n/translator";
import { type FieldState, isFormReply } from "#app/lib/form-feedback";
import { formatCents } from "#app/lib/money";
import { showToast } from "#app/lib/toasts";
import { CheckboxField } from "./checkbox-field";
import { FundraiserGiftFields } from "./fundraiser-gift-fields";
import { DonorField, FrequencyChoices, Honeypot, PresetChoices } from "./panel-parts";
import { useCustomAmountRule, useGiftAmount } from "./use-gift-amount";

/** Fields a feature built on donations adds to the gift form (a dedication), and their posts. */
export interface GiftFormAddOn {
  /** Its fields, after the gift's own choices; `field` reads the form's state of a field. */
  fields(form: { field: (name: string) => FieldState; lastResult: unknown }): ReactNode;
  /** Whether a submission asks for something that pays nothing (it then skips the bot check). */
  paysNothing(event: { nativeEvent: Event }): boolean;
}

/**
 * The one donation panel, in its full-site or pre-launch configuration
 * (docs/decisions/070-donation-payment-flow.md, docs/decisions/011-prelaunch-donation-panel.md):
 * frequency, presets with a custom amount that wins over them, the donor, the choices (anonymous,
 * cover the card fee, newsletter), then on to the payment page. It is a plain form posted to
 * /donate, so it works without JavaScript; with it, the amount, impact and total follow each change
 * (use-gift-amount.ts) and the post waits for the bot check (use-bot-check.ts).
 */
export function DonationPanel({
  kind,
  formId,
  lastResult,
  editToken,
  fundraiser,
  addOn,
}: {
  kind: DonationPanelKind;
  /** Distinct per copy on the page (inline panel, mobile dialog). */
  formId: string;
  lastResult?: unknown;
  /** Changing a donation the donor started (they came back from the payment page). */
  editToken?: string;
  /** The slug of the fundraiser page the gift is given on (docs/decisions/221-fundraisers.md). */
  fundraiser?: string;
  /**
   * What a feature built on donations adds to the form, composed where the form is placed
   * (app/site/components/gift-form.tsx; docs/decisions/268-donations-asks-its-add-ons-through-ports.md).
   */
  addOn?: GiftFormAddOn;
}) {
  const { t, locale, href } = useLocale();
  const dollars = (value: number) => formatDollars(value, locale);
  const cents = (value: number) => formatCents(value, "usd", locale);
  const customAmountRule = useCustomAmountRule();
  const { field, sentValue, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: formId,
    lastResult,
    rules: {
      customAmount: customAmountRule,
      donorName: { missing: t("validation.name") },
      donorEmail: { missing: t("validation.email"), invalid: t("donation.errors.email") },
    },
  });
  const customAmount = field("customAmount");
  const formRef = useRef<HTMLFormElement>(null);
  const gift = useGiftAmount({
    kind,
    sent: sentValue,
    refused: isFormReply(lastResult),
    customAmount,
    formRef,
  });
  const { config, frequency, amount, problem, impact } = gift;
  const botCheck = useBotCheck({ formRef, validate: formProps.onSubmit, lastResult });
  // An 'Error' toast when the payment could not be created (the message also stays under the form).
  const couldNotInitialize = t(COULD_NOT_INITIALIZE);
  const initFailed = formErrors?.includes(couldNotInitialize) ?? false;
  useEffect(() => {
    if (initFailed) showToast.error(t("toast.error"), { description: couldNotInitialize });
  }, [initFailed, couldNotInitialize, t]);

  const customHintId = useId();
  const busy = submitting || botCheck.waiting;

  return (
    <Form
      method="post"
      action={href(fundraiser ? `/donate?fundraiser=${encodeURIComponent(fundraiser)}` : "/donate")}
      ref={formRef}
      {...formProps}
      onSubmit={(event) => {
        // A post that pays nothing (a card's preview): no checks of the donor, no proof of work.
        if (!addOn?.paysNothing(event)) botCheck.onSubmit(event);
      }}
      onFocus={botCheck.start}
      onPointerDown={botCheck.start}
      onInput={(event) => {
        // The form's own live checks first, then the bot check hears the donor is still typing.
        formProps.onInput(event);
        botCheck.start();
      }}
      aria-label={t("donation.formLabel")}
      className="space-y-5"
    >
      <input type="hidden" name="panel" value={kind} />
      {editToken ? <input type="hidden" name="edit" value={editToken} /> : null}
      {fundraiser ? <input type="hidden" name="fundraiser" value={fundraiser} /> : null}
      <Honeypot />

      <FrequencyChoices frequency={frequency} onChoose={gift.chooseFrequency} />

      <fieldset>
        <legend className="field-label mb-2">{t("donation.chooseAmount")}</legend>
        <PresetChoices
          presets={config.presets}
          checked={gift.checkedPreset}
          onChoose={gift.choosePreset}
        />
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
            {gift.kept !== null ? (
              <input type="hidden" name={customAmount.name} value={gift.kept} />
            ) : null}
            <input
              id={customAmount.id}
              name={gift.kept !== null ? undefined : customAmount.name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={gift.custom}
              onChange={(event) => gift.typeCustom(event.target.value)}
              aria-invalid={gift.customInvalid}
              aria-describedby={[customHintId, customAmount.errorId].join(" ")}
              className="field-input pl-7"
            />
          </div>
          <ErrorList id={customAmount.errorId} errors={gift.customErrors} />
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
        <DonorField
          label={t("donation.name")}
          field={field("donorName")}
          autoComplete="name"
          required
          maxLength={100}
        />
        <DonorField
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
            problem
              ? t("donation.coverFee")
              : t("donation.coverFeeAmount", { fee: cents(gift.fee) })
          }
          hint={t("donation.coverFeeHint")}
          checked={gift.coverFee}
          onChange={gift.setCoverFee}
        />
        <CheckboxField name="newsletter" label={t("donation.newsletter")} />
      </fieldset>

      {fundraiser ? <FundraiserGiftFields message={field("giftMessage")} /> : null}
      {addOn?.fields({ field, lastResult })}

      {botCheck.widget}

      <p aria-live="polite" aria-atomic="true" className="text-center font-semibold">
        {problem
          ? null
          : t(frequency === "monthly" ? "donation.totalMonthly" : "donation.total", {
              total: cents(gift.totalCents),
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
