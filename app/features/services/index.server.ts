export { refreshPlacesUntil } from "./capacity.server";
export { provideFinderPriority } from "./finder-priority.server";
export { seedSampleServices } from "./seed.server";
export { finderPageExpiryMoments, onServicesChange, servicesDataVersion } from "./services.server";
