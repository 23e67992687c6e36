import { env } from "#app/lib/env.server";
import { formatCents } from "#app/lib/money";
import type { OutboxMail } from "#app/lib/outbox.server";
import { manageUrl } from "./manage-link.server";

/** The IRS written-acknowledgment sentence (no quid pro quo), on every receipt and statement. */
export const NO_GOODS_OR_SERVICES =
  "No goods or services were provided in exchange for this contribution.";

const receiptDate = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeZone: "America/Chicago",
});
const receiptMonth = new Intl.DateTimeFormat("en-US", {
  month: "long",
  year: "numeric",
  timeZone: "America/Chicago",
});

export interface ReceiptGift {
  id: string;
  donorName: string | null;
  donorEmail: string;
  amount: number;
  feeAmount: number;
  currency: string;
  isMonthly: boolean;
  succeededAt: Date;
  paymentReference: string | null;
}

function organisationLines(): string[] {
  const { ORG_NAME, ORG_EIN, ORG_ADDRESS } = env();
  return [
    `${ORG_NAME}`,
    ORG_ADDRESS,
    `A tax-exempt organization under section 501(c)(3) of the Internal Revenue Code. EIN ${ORG_EIN}.`,
  ];
}

/**
 * The receipt for one succeeded charge, meeting the IRS written-acknowledgment rules (D8):
 * organisation name and EIN, the amount and date of the contribution, and the statement that no
 * goods or services were provided. Each month of a monthly gift has its own.
 */
export function receiptMail(gift: ReceiptGift): OutboxMail {
  const { ORG_NAME } = env();
  const total = gift.amount + gift.feeAmount;
  const what = gift.isMonthly
    ? `your monthly gift for ${receiptMonth.format(gift.succeededAt)}`
    : "your gift";
  const lines = [
    `Dear ${gift.donorName?.trim() || "friend"},`,
    "",
    `Thank you for ${what} to ${ORG_NAME}. 100% of funds go to our programs for people`,
    "experiencing homelessness in Houston.",
    "",
    "Official receipt for your tax records",
    `Date of contribution: ${receiptDate.format(gift.succeededAt)}`,
    `Amount of contribution: ${formatCents(total, gift.currency)}`,
    ...(gift.feeAmount > 0
      ? [
          `  (a gift of ${formatCents(gift.amount, gift.currency)} plus ${formatCents(gift.feeAmount, gift.currency)} you added to cover card fees)`,
        ]
      : []),
    `Type: ${gift.isMonthly ? "Monthly" : "One-time"}`,
    `Receipt number: ${gift.id}`,
    ...(gift.paymentReference ? [`Payment reference: ${gift.paymentReference}`] : []),
    "",
    NO_GOODS_OR_SERVICES,
    "",
    ...organisationLines(),
    "",
    "See your gifts, download a year-end statement, or change or cancel a monthly gift",
    "(no password needed):",
    manageUrl(gift.donorEmail),
  ];
  return {
    dedupeKey: `receipt:${gift.id}`,
    kind: "receipt",
    to: gift.donorEmail,
    subject: `Your donation receipt from ${ORG_NAME}`,
    text: lines.join("\n"),
  };
}

export interface StatementGift {
  id: string;
  amount: number;
  feeAmount: number;
  refundedAmount: number;
  currency: string;
  isMonthly: boolean;
  succeededAt: Date;
}

/** Cents given by one charge after refunds: the gift and the fee the donor covered. */
export function contributedCents(
  gift: Pick<StatementGift, "amount" | "feeAmount" | "refundedAmount">,
) {
  return Math.max(gift.amount + gift.feeAmount - gift.refundedAmount, 0);
}

/** A year-end statement: every succeeded gift of one donor in one calendar year, with the total. */
export function statementText(email: string, year: number, gifts: StatementGift[]): string {
  const total = gifts.reduce((sum, gift) => sum + contributedCents(gift), 0);
  return [
    `Year-end giving statement ${year}`,
    ...organisationLines(),
    "",
    `Donor: ${email}`,
    "",
    ...(gifts.length === 0
      ? [`No gifts were received from this address in ${year}.`]
      : gifts.map(
          (gift) =>
            `${receiptDate.format(gift.succeededAt)}  ${gift.isMonthly ? "Monthly " : "One-time"}  ${formatCents(contributedCents(gift), gift.currency)}  (receipt ${gift.id})`,
        )),
    "",
    `Total contributions in ${year}: ${formatCents(total)}`,
    "",
    NO_GOODS_OR_SERVICES,
    "",
  ].join("\n");
}
