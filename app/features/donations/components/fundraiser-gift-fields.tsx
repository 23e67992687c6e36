/**
 * What a gift on a fundraiser page adds to the donation panel (docs/decisions/224-fundraiser-gift-options.md):
 * whether the page's honour roll shows the amount, and a message to the page's owner.
 */
import { TextareaField } from "#app/components/forms";
import { useLocale } from "#app/i18n/translator";
import type { FieldState } from "#app/lib/form-feedback";
import { GIFT_MESSAGE_MAX } from "../fundraiser-gift";
import { CheckboxField } from "./checkbox-field";

export function FundraiserGiftFields({ message }: { message: FieldState }) {
  const { t } = useLocale();
  return (
    <fieldset className="space-y-3">
      <legend className="field-label mb-1">{t("donation.fundraiserGift.legend")}</legend>
      <CheckboxField
        name="showAmount"
        label={t("donation.fundraiserGift.showAmount")}
        hint={t("donation.fundraiserGift.showAmountHint")}
      />
      <TextareaField
        label={t("donation.fundraiserGift.message")}
        field={message}
        rows={3}
        maxLength={GIFT_MESSAGE_MAX}
      />
    </fieldset>
  );
}
