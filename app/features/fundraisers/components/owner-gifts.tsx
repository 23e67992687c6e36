import { Form } from "react-router";
import { ErrorList, TextareaField } from "#app/components/forms";
import { usePublicForm } from "#app/components/public-form";
import { useLocale } from "#app/i18n/translator";
import { formatCents } from "#app/lib/money";
import { fundraiserLimits } from "../rules";

export interface OwnerGift {
  id: string;
  name: string | null;
  amountCents: number;
  currency: string;
  monthly: boolean;
  at: string | null;
  thanked: boolean;
}

/**
 * The owner's gifts (names unless anonymous, amounts, dates; never an address or a card) and the
 * form that thanks the chosen donors by e-mail through the site: one checkbox per gift not yet
 * thanked, so it works without JavaScript.
 */
export function OwnerGifts({
  token,
  gifts,
  lastResult,
}: {
  token: string;
  gifts: OwnerGift[];
  lastResult: unknown;
}) {
  const { t, locale, formatDate } = useLocale();
  const { field, formErrors, formErrorId, formProps, submitting } = usePublicForm({
    id: "fundraiser-thanks",
    lastResult,
    intent: "thank",
    rules: { message: { missing: t("fundraising.thanks.empty") } },
  });
  const chosen = field("gift");
  if (gifts.length === 0) return <p>{t("fundraising.manage.noGifts")}</p>;
  return (
    <Form method="post" {...formProps} className="space-y-4">
      <input type="hidden" name="intent" value="thank" />
      <input type="hidden" name="token" value={token} />
      <p>{t("fundraising.thanks.intro")}</p>
      <fieldset className="space-y-2" aria-describedby={chosen.errors ? chosen.errorId : undefined}>
        <legend className="font-semibold">{t("fundraising.thanks.choose")}</legend>
        {gifts.map((gift) => {
          const label = t("fundraising.manage.giftLabel", {
            donor: gift.name ?? t("fundraising.page.anonymous"),
            amount: formatCents(gift.amountCents, gift.currency, locale),
            date: gift.at ? formatDate(new Date(gift.at), { dateStyle: "medium" }) : "",
          });
          const notes = [
            gift.monthly ? t("fundraising.manage.monthly") : null,
            gift.thanked ? t("fundraising.manage.thanked") : null,
          ].filter(Boolean);
          return (
            <div key={gift.id} className="flex items-start gap-3">
              <input
                id={`gift-${gift.id}`}
                type="checkbox"
                name="gift"
                value={gift.id}
                disabled={gift.thanked || submitting}
                className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
              />
              <label htmlFor={`gift-${gift.id}`}>
                {label}
                {notes.length > 0 ? ` (${notes.join(", ")})` : ""}
              </label>
            </div>
          );
        })}
      </fieldset>
      <ErrorList id={chosen.errorId} errors={chosen.errors} />
      <TextareaField
        label={t("fundraising.thanks.message")}
        field={field("message")}
        rows={5}
        required
        maxLength={fundraiserLimits.thanks}
        disabled={submitting}
      />
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        {t(submitting ? "forms.sending" : "fundraising.thanks.button")}
      </button>
      <ErrorList id={formErrorId} errors={formErrors} />
    </Form>
  );
}
