import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";

const tableClasses = [
  "w-full border-collapse text-left text-sm",
  "[&_th]:bg-[var(--color-surface-strong)] [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold",
  "[&_td]:border-t [&_td]:border-[var(--color-border)] [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
].join(" ");

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Keeps short values such as dates on one line. */
  nowrap?: boolean;
}

/** A paginated staff table, newest first, with its own text when there is nothing to show. */
export function DataTable<Row extends { id: string }>({
  caption,
  columns,
  rows,
  emptyText,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  emptyText: string;
}) {
  if (rows.length === 0) {
    return <p className="card text-[var(--color-muted)]">{emptyText}</p>;
  }
  return (
    <section
      // relative: visually hidden (absolute) text in cells must scroll with the table, not widen the page.
      className="relative overflow-x-auto rounded-lg border border-[var(--color-border)]"
      aria-label={caption}
      // Focusable so keyboard users can scroll a wide table sideways.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      <table className={tableClasses}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.header} className={column.nowrap ? "whitespace-nowrap" : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Previous / next links for ?page=, keeping the rest of the query (filters), with where the reader is. */
export function Pagination({
  page,
  pageCount,
  total,
}: {
  page: number;
  pageCount: number;
  total: number;
}) {
  const [searchParams] = useSearchParams();
  if (pageCount <= 1) return null;
  const pageLink = (target: number) => {
    const query = new URLSearchParams(searchParams);
    query.set("page", String(target));
    return `?${query}`;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-4">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className="btn btn-outline" preventScrollReset>
          Previous page
        </Link>
      ) : null}
      <p>
        Page {page} of {pageCount} ({total} in all)
      </p>
      {page < pageCount ? (
        <Link to={pageLink(page + 1)} className="btn btn-outline" preventScrollReset>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
