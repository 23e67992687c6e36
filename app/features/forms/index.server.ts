export {
  messageCsvRows,
  partnershipCsvRows,
  subscriberCsvRows,
  volunteerCsvRows,
} from "./admin/submissions.server";
export { newsletterFromGifts } from "./gift-sign-ups.server";
export { subscribeToNewsletter } from "./newsletter.server";
