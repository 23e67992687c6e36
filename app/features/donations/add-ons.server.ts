/**
 * What features built on donations add to a gift, as donations asks for it
 * (docs/decisions/268-donations-asks-its-add-ons-through-ports.md): a dedication (in honour or in
 * memory, with its card) and the fundraiser page a gift is given on. Donations declares these
 * ports and calls them; tributes and fundraisers implement them behind their front doors; the
 * server composes them at start (server/features.ts), as the integration tests' setup does. So
 * donations imports no feature built on it, and a gift without either add-on works as before.
 */
import type { SQL } from "drizzle-orm";
import type { Locale } from "#app/i18n/locales";
import type { Queryable } from "#app/lib/outbox.server";

/** A gift form's dedication fields, read and checked: saved with the gift, or refused. */
export type DedicationCheck =
  | {
      ok: true;
      /** Writes the dedication (or removes an earlier one) of the gift `donationId`. */
      save(donationId: string): Promise<void>;
      /** The form's answer to "Preview the card" for this dedication. */
      previewAnswer(reply: unknown, formData: FormData, amountCents: number | null): unknown;
    }
  | {
      ok: false;
      fieldErrors: Record<string, string[]>;
      previewAnswer(reply: unknown, formData: FormData, amountCents: number | null): unknown;
    };

/** A link from the donor's gifts page to the page of something added to one of their gifts. */
export interface GiftAddOnLink {
  id: string;
  /** The sentence naming it, in the donor's language. */
  text: string;
  /** The link's words, in the donor's language. */
  linkText: string;
  path: string;
}

/** A gift in honour or in memory of someone (the tributes feature). */
export interface GiftDedications {
  /** The form's field (`intent`) value that asks for the card's preview, not a payment. */
  previewIntent: string;
  /** Reads and checks the form's dedication; `exceptDonationId` is the gift being changed. */
  check(
    formData: FormData,
    locale: Locale,
    exceptDonationId: string | null,
  ): Promise<DedicationCheck>;
  /** The receipt's line naming the dedication, in the receipt's language; null without one. */
  receiptLine(runner: Queryable, donationId: string, locale: string): Promise<string | null>;
  /** A query of the ids of gifts with a dedication (the Donations tab's filter). */
  dedicatedGiftIds: SQL;
  /**
   * donations.csv's Dedication, Honoree and Card sent columns (app/dashboard/exports.server.ts)
   * of each gift `ids` names, by gift id: empty ones for a gift without a dedication.
   */
  csvColumns(ids: string[]): Promise<Map<string, string[]>>;
  /** The dashboard's gift page's dedication ("In memory of ...") and its card's status, or null. */
  summary(donationId: string): Promise<{ text: string; cardStatus: string | null } | null>;
  /** The donor's gifts page's section: its heading and links, in the donor's language. */
  manageLinks(
    donationIds: string[],
    locale: Locale,
  ): Promise<{ heading: string; links: GiftAddOnLink[] }>;
}

/** The page a gift is given on (the fundraisers feature). */
export interface GiftPages {
  /** The page `slug` names while it takes gifts; null sends the gift to the general fund. */
  forGift(slug: string | null | undefined): Promise<{ id: string; title: string } | null>;
  /** The page a later month of a monthly gift started on `pageId` counts on, or null. */
  forMonth(runner: Queryable, pageId: string | null): Promise<string | null>;
  /** The title of the page `pageId`, read in the caller's transaction (the receipt's), or null. */
  title(runner: Queryable, pageId: string | null): Promise<string | null>;
  /** The titles of pages, by id (the Donations tab's and donations.csv's Fundraiser column). */
  titles(pageIds: (string | null)[]): Promise<Map<string, string>>;
}

export interface GiftAddOns {
  dedications: GiftDedications;
  pages: GiftPages;
}

let provided: GiftAddOns | null = null;

/** Gives donations its add-ons: once at start (server/features.ts), and by the tests' setup. */
export function provideGiftAddOns(addOns: GiftAddOns) {
  provided = addOns;
}

export function giftAddOns(): GiftAddOns {
  if (!provided) {
    throw new Error(
      "The gift add-ons were not provided: call composeFeatures() (server/features.ts)",
    );
  }
  return provided;
}
