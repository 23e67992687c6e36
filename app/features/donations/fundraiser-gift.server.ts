/**
 * A gift's choices that only a fundraiser page asks for (docs/decisions/224-fundraiser-gift-options.md):
 * showing its amount on the page's honour roll, and a message to the page's owner. Kept apart from
 * the rest of the donation form so other additions to it merge cleanly.
 */
import { z } from "zod";
import type { TFunction } from "#app/i18n/translator";
import { GIFT_MESSAGE_MAX } from "./fundraiser-gift";

/** The donation schema's fields for these choices (app/features/donations/schemas.server.ts). */
export const fundraiserGiftFields = (t: TFunction) => ({
  showAmount: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
  giftMessage: z
    .string()
    .trim()
    .max(GIFT_MESSAGE_MAX, t("validation.tooLong", { max: GIFT_MESSAGE_MAX }))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text), {
      message: t("donation.fundraiserGift.messageInvalid"),
    })
    .optional(),
});

/** What is stored: nothing of either when the gift goes to the general fund. */
export function fundraiserGiftChoice(
  value: { showAmount: boolean; giftMessage?: string },
  attributed: boolean,
) {
  return {
    showAmount: attributed && value.showAmount,
    giftMessage: attributed && value.giftMessage ? value.giftMessage : null,
  };
}
