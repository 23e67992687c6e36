import { DONATE_INTENT, donationSchema } from "#app/components/donation/donation-schema";
import { env } from "./env.server";
import { assertFormPost, handlePublicForm } from "./forms.server";
import { formatDollars } from "./impact";
import { subscribeToNewsletter } from "./newsletter.server";
import { contactInfo } from "./site";

/**
 * The donation panel's submission while online payments are not open (docs/decisions/010): the
 * choice is validated like a real gift, nothing is stored or charged, and the visitor is told so and
 * shown how to give by phone or by mail.
 */
export function handleDonationIntent(request: Request, redirectTo: string) {
  return handlePublicForm(request, {
    name: "donation-intent",
    schema: donationSchema,
    redirectTo,
    successToast: ({ amount, frequency }) => {
      const { ORG_NAME, ORG_ADDRESS } = env();
      const gift = `${frequency === "monthly" ? "monthly" : "one-time"} gift of ${formatDollars(amount)}`;
      return {
        type: "success",
        title: "Online donations are opening soon",
        description: `Nothing has been charged. To make your ${gift} today, please call us at ${contactInfo.phone} or mail a check to ${ORG_NAME}, ${ORG_ADDRESS}. Thank you!`,
      };
    },
    // Nothing to keep: no payment is taken here, so no donation row is written.
    save: async () => undefined,
  });
}

/**
 * Action of the landing page (`/home`, and `/` after launch): the donation form names itself with a
 * hidden `intent`; every other post is the newsletter sign-up.
 */
export async function landingPageAction(request: Request, redirectTo: string) {
  assertFormPost(request);
  // Read a copy: the chosen handler reads the body itself.
  const intent = (await request.clone().formData()).get("intent");
  if (intent === DONATE_INTENT) return handleDonationIntent(request, redirectTo);
  return subscribeToNewsletter(request, { source: "home", redirectTo });
}
