/**
 * The dedication's "preview the card" button (docs/decisions/232-tribute-gifts.md), apart from the
 * other tribute rules (tribute-rules.ts): the donation panel, on every first visit to /home, needs
 * only this, and the rules' module is shared with pages that the panel is not on.
 */

/** The submit button that asks for a preview of the card instead of the payment. */
export const PREVIEW_INTENT = "tribute-preview";

/**
 * Whether a submission of the donation form asks for the card's preview: it then skips the
 * form's checks of the donor's details and the proof of work, which only a payment needs.
 */
export function asksForPreview(event: { nativeEvent: Event }): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute("value") === PREVIEW_INTENT;
}
