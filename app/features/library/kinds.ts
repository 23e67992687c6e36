/**
 * The kinds of item in the resources library (spec 4), in tab order. Each is one entry here (its
 * dashboard tab, form and CSV export), its schema in admin/forms.ts, its query in
 * resources.server.ts, its staff side in admin/library.server.ts and its cards on /resources; each of those is keyed by this list, so the
 * type checker points at every place a new kind needs (docs/decisions/142).
 */
export const libraryKinds = ["documents", "statistics", "links"] as const;
export type LibraryKind = (typeof libraryKinds)[number];

/** The tab /resources opens on. */
export const defaultLibraryKind: LibraryKind = "documents";

export function isLibraryKind(value: unknown): value is LibraryKind {
  return typeof value === "string" && (libraryKinds as readonly string[]).includes(value);
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
  /** What the (English) dashboard says about this kind (spec 7 and 10 texts). */
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
    ],
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
    ],
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
    ],
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
