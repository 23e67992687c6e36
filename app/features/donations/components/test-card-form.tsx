import { Form, useNavigation } from "react-router";
import { ErrorList } from "#app/components/forms";
import { useLocale } from "#app/i18n/translator";
import { useFormFeedback } from "#app/lib/form-feedback";
import { formatCents } from "#app/lib/money";

const TEST_CARD_FIELDS = [
  {
    name: "cardNumber",
    label: "payment.card.number",
    autoComplete: "cc-number",
    inputMode: "numeric",
    placeholder: "4242 4242 4242 4242",
  },
  {
    name: "expiry",
    label: "payment.card.expiry",
    autoComplete: "cc-exp",
    inputMode: "numeric",
    placeholder: "12/30",
  },
  {
    name: "cvc",
    label: "payment.card.cvc",
    autoComplete: "cc-csc",
    inputMode: "numeric",
    placeholder: "123",
  },
] as const;

/**
 * The test payment mode's card form (docs/decisions/074-test-payment-mode.md): plain HTML, posted
 * to the payment page's action, which runs the same server path as a real payment. Clearly
 * labelled: nothing is charged.
 */
export function TestCardForm({
  total,
  token,
  lastResult,
}: {
  total: number;
  token: string;
  lastResult?: unknown;
}) {
  const { field, formErrors, formErrorId, formProps } = useFormFeedback({
    id: "test-card",
    lastResult,
  });
  const { t, locale } = useLocale();
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      {...formProps}
      aria-label={t("payment.card.formLabel")}
      className="space-y-4"
    >
      <p className="rounded-lg border-2 border-dashed border-[var(--color-warning,currentColor)] p-3 font-bold">
        {t("payment.test.banner")}
      </p>
      <p className="text-sm">{t("payment.test.help")}</p>
      <input type="hidden" name="token" value={token} />
      {TEST_CARD_FIELDS.map((spec) => {
        const card = field(spec.name);
        return (
          <div key={spec.name} className="field">
            <label htmlFor={card.id} className="field-label">
              {t(spec.label)}
            </label>
            <input
              id={card.id}
              name={card.name}
              type="text"
              defaultValue={card.defaultValue}
              required
              autoComplete={spec.autoComplete}
              inputMode={spec.inputMode}
              placeholder={spec.placeholder}
              maxLength={spec.name === "cardNumber" ? 23 : 7}
              aria-invalid={card.errors ? true : undefined}
              aria-describedby={card.errors ? card.errorId : undefined}
              className="field-input"
            />
            <ErrorList id={card.errorId} errors={card.errors} />
          </div>
        );
      })}
      <button type="submit" disabled={busy} className="btn btn-accent w-full text-lg">
        {busy
          ? t("donation.processing")
          : t("payment.pay", { amount: formatCents(total, "usd", locale) })}
      </button>
      <ErrorList id={formErrorId} errors={formErrors} />
    </Form>
  );
}
