export { NEW_PAGE_PREFIX, type PlaceholderAddress } from "./addresses";
export { pagesTab } from "./admin/tab";
export { PageView } from "./components/page-view";
export { writtenPageMeta } from "./meta";
