export { newslettersTab } from "./admin/tab";
export { onNewslettersChange } from "./changes.server";
export {
  listenForHandedOverNewsletters,
  startNewsletterWorker,
  stopNewsletterWorker,
} from "./sending.server";
