export {
  messageCsvRows,
  partnershipCsvRows,
  subscriberCsvRows,
  volunteerCsvRows,
} from "./admin/submissions.server";
export { newsletterFromGifts } from "./gift-sign-ups.server";
export {
  newsletterAudience,
  type Subscriber,
  stillReceiving,
  stopNewsletterMail,
  subscribeToNewsletter,
  unsubscribeByToken,
  unsubscribedSince,
  unsubscribeToken,
} from "./newsletter.server";
