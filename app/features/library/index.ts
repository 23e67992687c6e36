export { libraryTabs } from "./admin/tabs";
export {
  isLibraryKind,
  type LibraryKind,
  libraryCsvFile,
  libraryKindDefinitions,
  libraryKindFromSearch,
  libraryKinds,
} from "./kinds";
