export {
  messageCsvRows,
  partnershipCsvRows,
  subscriberCsvRows,
  volunteerCsvRows,
} from "./admin/submissions.server";
export { subscribeToNewsletter } from "./newsletter.server";
