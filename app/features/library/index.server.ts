export { libraryCsvColumns, libraryCsvRows } from "./admin/library.server";
export { forgetPublishedPages, onLibraryChange } from "./resources.server";
export { seedSampleResources } from "./seed.server";
export { documentHoldsFile } from "./uploads.server";
