export { refreshPlacesUntil } from "./capacity.server";
export { countsNow, finderNow, watchCountsClock } from "./finder-clock.server";
export { provideFinderPriority } from "./finder-priority.server";
export { seedSampleServices } from "./seed.server";
export { finderPageExpiryMoments, onServicesChange, servicesDataVersion } from "./services.server";
