import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  type IndexBuilder,
  index,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id, isPublished, newestFirstIndex } from "../columns";

/** The resources library's tables: documents, statistics and links; app/db/schema.ts re-exports them. */

interface LibraryColumns {
  title: ExtraConfigColumn;
  description: ExtraConfigColumn;
  isPublished: ExtraConfigColumn;
  createdAt: ExtraConfigColumn;
  id: ExtraConfigColumn;
}

/**
 * What a search matches (docs/decisions/102-search-indexes.md): title and description in one text,
 * accents and case folded by the `search_fold` function of migration 0003. The line break keeps a
 * term from matching across the two: search terms never contain one.
 */
export function searchableText(t: { title: AnyPgColumn; description: AnyPgColumn }): SQL {
  return sql`search_fold(${t.title} || E'\\n' || coalesce(${t.description}, ''))`;
}

/**
 * The indexes of a library table: published rows newest first (the public pages), every row newest
 * first (the dashboard), and trigrams of the searchable text
 * (docs/decisions/102-search-indexes.md).
 */
function libraryIndexes(table: string, t: LibraryColumns): IndexBuilder[] {
  return [
    index(`${table}_published_newest_idx`)
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublished}`),
    newestFirstIndex(table, t),
    index(`${table}_search_trgm_idx`).using("gin", sql`${searchableText(t)} gin_trgm_ops`),
  ];
}

/** Optional Spanish texts of a library item, shown on /es where present (docs/decisions/170-the-finder-page.md). */
function spanishLibraryTexts() {
  return { titleEs: text("title_es"), descriptionEs: text("description_es") };
}

export const documents = pgTable(
  "documents",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description"),
    ...spanishLibraryTexts(),
    /** Where the file is served from, e.g. /files/<storage key>. */
    fileUrl: text("file_url").notNull(),
    /** Key of the object in the storage backend (a random name keeping the extension). */
    storageKey: text("storage_key").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: text("file_size").notNull(),
    isPublished: isPublished(),
    createdAt: createdAt(),
  },
  (t) => [
    ...libraryIndexes("documents", t),
    uniqueIndex("documents_storage_key_idx").on(t.storageKey),
  ],
);

export const statistics = pgTable(
  "statistics",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    ...spanishLibraryTexts(),
    source: text("source").notNull(),
    sourceUrl: text("source_url"),
    /** Free text such as "March 2025". */
    date: text("date"),
    isPublished: isPublished(),
    createdAt: createdAt(),
  },
  (t) => [...libraryIndexes("statistics", t)],
);

export const externalLinks = pgTable(
  "external_links",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    ...spanishLibraryTexts(),
    url: text("url").notNull(),
    category: text("category"),
    isPublished: isPublished(),
    createdAt: createdAt(),
  },
  (t) => [...libraryIndexes("external_links", t)],
);
