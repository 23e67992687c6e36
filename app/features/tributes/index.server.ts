export { kickTributeCards, startTributeCardWorker, stopTributeCardWorker } from "./cards.server";
export { tributeDedications } from "./gift-dedications.server";
export { tributeGiftSubscriber } from "./gift-events.server";
