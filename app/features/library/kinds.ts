/**
 * The kinds of item in the resources library, in tab order, and one definition of each that serves
 * both the public /resources page and the dashboard (docs/decisions/142-library-kinds.md): its
 * tab's name and empty texts on /resources, its dashboard tab, form and CSV export. Its schema is
 * in admin/forms.ts, its query in resources.server.ts, its staff side in admin/library.server.ts
 * and its cards in components/resource-cards.tsx; each of those is keyed by this list, so the type
 * checker points at every place a new kind needs. Client components import this file: it must
 * never import a *.server.ts module.
 */
import type { MessageKey } from "#app/i18n/translator";

export const libraryKinds = ["documents", "statistics", "links"] as const;
export type LibraryKind = (typeof libraryKinds)[number];

/** The tab /resources opens on. */
export const defaultLibraryKind: LibraryKind = "documents";

export function isLibraryKind(value: unknown): value is LibraryKind {
  return typeof value === "string" && (libraryKinds as readonly string[]).includes(value);
}

/**
 * The /resources query parameter naming the open tab: the tab is part of the URL, so it works
 * without JavaScript and can be shared (docs/decisions/041-resource-browsing-and-search.md).
 */
export const LIBRARY_KIND_PARAM = "tab";

/** The tab a /resources URL asks for; a missing or unknown kind opens the default tab. */
export function libraryKindFromSearch(params: URLSearchParams): LibraryKind {
  const value = params.get(LIBRARY_KIND_PARAM);
  return isLibraryKind(value) ? value : defaultLibraryKind;
}

/** The query naming a tab in a /resources URL; none for the default tab, so links stay short. */
export function libraryKindQuery(
  kind: LibraryKind,
): Record<typeof LIBRARY_KIND_PARAM, LibraryKind> | undefined {
  return kind === defaultLibraryKind ? undefined : { [LIBRARY_KIND_PARAM]: kind };
}

/**
 * One field of a dashboard "add" form; `name` is a key of the kind's schema (admin/forms.ts), whose
 * messages the browser repeats: "<label> is required", and `invalid` for a malformed web address.
 */
export interface LibraryField {
  name: string;
  label: string;
  type?: "text" | "url" | "textarea" | "file";
  maxLength?: number;
  hint?: string;
  /** May be left blank (its label says "optional"). */
  optional?: true;
  invalid?: string;
  /** Spans both columns of the form. */
  wide?: boolean;
}

export interface LibraryKindDefinition {
  fields: LibraryField[];
  /**
   * What the public /resources page says about this kind: catalog keys, since the public site is
   * translated (docs/decisions/110-locales-in-the-url.md).
   */
  resources: {
    /** The tab's name, also the heading of its results. */
    label: MessageKey;
    /** The empty list after a search. */
    noMatch: MessageKey;
    /** The empty list without a search. */
    none: MessageKey;
  };
  /**
   * What the dashboard says about this kind, in English: the dashboard is not translated
   * (docs/decisions/110-locales-in-the-url.md).
   */
  dashboard: {
    tab: string;
    /** "documents" in "Export documents as CSV" and "No documents to export". */
    plural: string;
    caption: string;
    empty: string;
    loadError: string;
    formId: string;
    formHeading: string;
    draftNote: string;
    submit: string;
    submitting: string;
    added: string;
    addFailed: string;
  };
}

const TITLE: LibraryField = { name: "title", label: "Title", maxLength: 200 };

/**
 * The optional Spanish texts every kind has, shown on /es where present
 * (docs/decisions/171-spanish-content-and-english-fallbacks.md).
 */
const SPANISH_FIELDS: LibraryField[] = [
  {
    name: "titleEs",
    label: "Spanish title (optional)",
    optional: true,
    maxLength: 200,
    hint: "Shown on the Spanish site; the English title shows when left empty",
  },
  {
    name: "descriptionEs",
    label: "Spanish description (optional)",
    optional: true,
    type: "textarea",
    maxLength: 2000,
    wide: true,
  },
];

export const libraryKindDefinitions = {
  documents: {
    fields: [
      TITLE,
      {
        name: "file",
        label: "File",
        type: "file",
        hint: "PDF, Word, Excel, PowerPoint or text file, up to 10MB",
      },
      {
        name: "description",
        label: "Description (optional)",
        optional: true,
        type: "textarea",
        maxLength: 2000,
        wide: true,
      },
      ...SPANISH_FIELDS,
    ],
    resources: {
      label: "resources.documents.label",
      noMatch: "resources.documents.noMatch",
      none: "resources.documents.none",
    },
    dashboard: {
      tab: "Documents",
      plural: "documents",
      caption: "Documents, newest first",
      empty: "No documents yet. Upload the first one below.",
      loadError: "Failed to load documents",
      formId: "add-document",
      formHeading: "Upload a document",
      draftNote: "New documents are saved as drafts until you publish them.",
      submit: "Upload document",
      submitting: "Uploading...",
      added: "Document uploaded successfully",
      addFailed: "Failed to upload document",
    },
  },
  statistics: {
    fields: [
      TITLE,
      { name: "source", label: "Source", maxLength: 200 },
      { name: "description", label: "Description", type: "textarea", maxLength: 2000, wide: true },
      {
        name: "sourceUrl",
        label: "Source URL (optional)",
        type: "url",
        optional: true,
        invalid: "Source URL must be a full web address starting with https:// or http://",
        hint: "A web address starting with https://",
      },
      {
        name: "date",
        label: "Date (optional)",
        optional: true,
        maxLength: 50,
        hint: "Free text, for example March 2025",
      },
      ...SPANISH_FIELDS,
    ],
    resources: {
      label: "resources.statistics.label",
      noMatch: "resources.statistics.noMatch",
      none: "resources.statistics.none",
    },
    dashboard: {
      tab: "Statistics",
      plural: "statistics",
      caption: "Statistics, newest first",
      empty: "No statistics yet. Add the first one below.",
      loadError: "Failed to load statistics",
      formId: "add-statistic",
      formHeading: "Add a statistic",
      draftNote: "New statistics are saved as drafts until you publish them.",
      submit: "Add statistic",
      submitting: "Adding...",
      added: "Statistic added successfully",
      addFailed: "Failed to add statistic",
    },
  },
  links: {
    fields: [
      TITLE,
      {
        name: "url",
        label: "URL",
        type: "url",
        hint: "A web address starting with https://",
        invalid: "URL must be a full web address starting with https:// or http://",
      },
      { name: "description", label: "Description", type: "textarea", maxLength: 2000, wide: true },
      {
        name: "category",
        label: "Category (optional)",
        optional: true,
        maxLength: 50,
        hint: "Shown as Resource when left empty",
      },
      ...SPANISH_FIELDS,
    ],
    resources: {
      label: "resources.links.label",
      noMatch: "resources.links.noMatch",
      none: "resources.links.none",
    },
    dashboard: {
      tab: "External Links",
      plural: "external links",
      caption: "External links, newest first",
      empty: "No external links yet. Add the first one below.",
      loadError: "Failed to load external links",
      formId: "add-link",
      formHeading: "Add an external link",
      draftNote: "New links are saved as drafts until you publish them.",
      submit: "Add external link",
      submitting: "Adding...",
      added: "External link added successfully",
      addFailed: "Failed to add external link",
    },
  },
} satisfies Record<LibraryKind, LibraryKindDefinition>;

/** The CSV a kind's dashboard tab exports. */
export function libraryCsvFile<Kind extends LibraryKind>(kind: Kind): `${Kind}.csv` {
  return `${kind}.csv`;
}
