/**
 * The tributes' side of a gift, as donations asks for it (app/features/donations/add-ons.server.ts):
 * the form's dedication checked and saved with the gift, its card previewed, its receipt line,
 * the staff's columns and summary, and the donor's links. Composed at start (server/features.ts).
 */
import type {
  DedicationCheck as GiftDedicationCheck,
  GiftDedications,
} from "#app/features/donations/index.server";
import { serverT } from "#app/i18n/catalogs.server";
import {
  dedicationCsvColumns,
  dedicationSummary,
  tributeGiftIds,
} from "./dedication-columns.server";
import {
  checkDedication,
  dedicationLinks,
  receiptDedicationLine,
  saveDedication,
} from "./gifts.server";
import { PREVIEW_INTENT } from "./preview";
import { tributePreviewAnswer } from "./preview.server";

export const tributeDedications: GiftDedications = {
  previewIntent: PREVIEW_INTENT,
  async check(formData, locale, exceptDonationId): Promise<GiftDedicationCheck> {
    const check = await checkDedication(formData, locale, exceptDonationId);
    const previewAnswer = (reply: unknown, form: FormData, amountCents: number | null) =>
      tributePreviewAnswer(reply, check, form, amountCents);
    return check.ok
      ? {
          ok: true,
          save: (donationId) => saveDedication(donationId, check.dedication),
          previewAnswer,
        }
      : { ok: false, fieldErrors: check.fieldErrors, previewAnswer };
  },
  receiptLine: receiptDedicationLine,
  dedicatedGiftIds: tributeGiftIds,
  csvColumns: dedicationCsvColumns,
  summary: dedicationSummary,
  async manageLinks(donationIds, locale) {
    const t = serverT(locale);
    const items = await dedicationLinks(donationIds, locale);
    return {
      heading: t("tribute.manage.dedication"),
      links: items.map((item) => ({
        id: item.id,
        text: t(item.kind === "memory" ? "tribute.manage.memory" : "tribute.manage.honor", {
          honoree: item.honoree,
        }),
        linkText: t("tribute.manage.link"),
        path: item.path,
      })),
    };
  },
};
