export { onListingVerified } from "./changes.server";
export { startReportsDigestWorker, stopReportsDigestWorker } from "./digest.server";
