export { kickTributeCards, startTributeCardWorker, stopTributeCardWorker } from "./cards.server";
export {
  dedicationSummary,
  isTributeGift,
  withDedicationColumns,
} from "./dedication-columns.server";
export { dedicationsByGift, type GiftDedicationFacts } from "./donor-dedications.server";
export { tributeGiftSubscriber } from "./gift-events.server";
export {
  checkDedication,
  dedicationLinks,
  receiptDedicationLine,
  saveDedication,
} from "./gifts.server";
export { tributePreviewAnswer } from "./preview.server";
