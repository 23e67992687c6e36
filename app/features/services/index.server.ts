export { refreshPlacesUntil } from "./capacity.server";
export { provideFinderPriority } from "./finder-priority.server";
export { listingNames, markListingVerified } from "./listings.server";
export { seedSampleServices } from "./seed.server";
export { finderPageExpiryMoments, onServicesChange, servicesDataVersion } from "./services.server";
