export { kickTributeCards, startTributeCardWorker, stopTributeCardWorker } from "./cards.server";
export { dedicationsByGift, type GiftDedicationFacts } from "./donor-dedications.server";
export { tributeDedications } from "./gift-dedications.server";
export { tributeGiftSubscriber } from "./gift-events.server";
export { receiptDedicationLine } from "./gifts.server";
