/**
 * The results of one /resources tab: each library kind's cards, and the kind's own empty text
 * (kinds.ts). The cards are keyed by kind like everything else per kind
 * (docs/decisions/142-library-kinds.md), so a new kind without cards fails the type check.
 */
import { Download, ExternalLink, FileText } from "lucide-react";
import type { ReactNode } from "react";
import { type LibraryKind, libraryKindDefinitions } from "#app/features/library/kinds";
import type { PublishedList } from "#app/features/library/resources.server";
import { LocalizedText, pickLocalized } from "#app/i18n/localized-text";
import { useLocale } from "#app/i18n/translator";

/** The published items of one kind, as its tab lists them. */
type ItemsOf<Kind extends LibraryKind> = Extract<PublishedList, { kind: Kind }>["items"];

/** Only web addresses become links; anything else (e.g. javascript:) is shown as text or dropped. */
function webUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

function DocumentCards({ items }: { items: ItemsOf<"documents"> }) {
  const { t, locale } = useLocale();
  return items.map((item) => (
    <li key={item.id} className="card flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <FileText aria-hidden="true" className="mt-1 size-6 shrink-0 text-[var(--color-primary)]" />
        <LocalizedText
          as="h3"
          className="text-lg font-semibold"
          locale={locale}
          en={item.title}
          es={item.titleEs}
        />
      </div>
      {item.description || item.descriptionEs ? (
        <LocalizedText as="p" locale={locale} en={item.description} es={item.descriptionEs} />
      ) : null}
      <p className="text-sm text-[var(--color-muted)]">
        {item.fileType} · {item.fileSize}
      </p>
      <a href={item.fileUrl} className="btn btn-outline mt-auto self-start" download>
        <Download aria-hidden="true" className="size-4" />
        {t("resources.download")}
        <span className="sr-only">
          {" "}
          <LocalizedText locale={locale} en={item.title} es={item.titleEs} />
        </span>
      </a>
    </li>
  ));
}

function StatisticCards({ items }: { items: ItemsOf<"statistics"> }) {
  const { t, locale } = useLocale();
  return items.map((item) => {
    const sourceUrl = webUrl(item.sourceUrl);
    return (
      <li key={item.id} className="card flex flex-col gap-3">
        <LocalizedText
          as="h3"
          className="text-lg font-semibold"
          locale={locale}
          en={item.title}
          es={item.titleEs}
        />
        <LocalizedText as="p" locale={locale} en={item.description} es={item.descriptionEs} />
        <p className="mt-auto text-sm text-[var(--color-muted)]">
          {t("resources.source")}{" "}
          {sourceUrl ? (
            <a href={sourceUrl} className="link" target="_blank" rel="noopener noreferrer">
              {item.source}
              <span className="sr-only"> {t("resources.newTab")}</span>
            </a>
          ) : (
            item.source
          )}
          {item.date ? <> · {item.date}</> : null}
        </p>
      </li>
    );
  });
}

function LinkCards({ items }: { items: ItemsOf<"links"> }) {
  const { t, locale } = useLocale();
  return items.map((item) => {
    const url = webUrl(item.url);
    return (
      <li key={item.id} className="card flex flex-col gap-3">
        <p className="self-start rounded-full bg-[var(--color-surface-strong)] px-3 py-0.5 text-sm font-medium">
          {item.category || t("resources.defaultCategory")}
        </p>
        <LocalizedText
          as="h3"
          className="text-lg font-semibold"
          locale={locale}
          en={item.title}
          es={item.titleEs}
        />
        <LocalizedText as="p" locale={locale} en={item.description} es={item.descriptionEs} />
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-outline mt-auto self-start"
          >
            {t("resources.visit")}
            <span className="sr-only">
              {" "}
              {t("resources.visitOf", {
                title: pickLocalized(locale, item.title, item.titleEs).text,
              })}{" "}
              {t("resources.newTab")}
            </span>
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        ) : null}
      </li>
    );
  });
}

/** Each kind's cards: the list items of its tab. */
const cardsOfKind: { [Kind in LibraryKind]: (props: { items: ItemsOf<Kind> }) => ReactNode } = {
  documents: DocumentCards,
  statistics: StatisticCards,
  links: LinkCards,
};

function KindCards<Kind extends LibraryKind>({
  kind,
  items,
}: {
  kind: Kind;
  items: ItemsOf<Kind>;
}) {
  const Cards: (props: { items: ItemsOf<Kind> }) => ReactNode = cardsOfKind[kind];
  return <Cards items={items} />;
}

/** A tab's page of items as cards, or the kind's empty text ("none found" after a search). */
export function ResourceList({ list, term }: { list: PublishedList; term: string }) {
  const { t } = useLocale();
  const texts = libraryKindDefinitions[list.kind].resources;
  if (list.items.length === 0) {
    return (
      <p className="card text-center text-[var(--color-muted)]">
        {t(term ? texts.noMatch : texts.none)}
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <KindCards kind={list.kind} items={list.items} />
    </ul>
  );
}
