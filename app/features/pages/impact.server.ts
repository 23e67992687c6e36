import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { pageLanguages, pages } from "#app/db/schema/pages";
import { serverT } from "#app/i18n/catalogs.server";
import { type Locale, locales } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { parseRichText, type RichTextDoc } from "#app/lib/rich-text";
import { IMPACT_ADDRESS } from "./addresses";
import { ensurePage } from "./pages.server";

/**
 * The home page's impact figures as page content (docs/decisions/281-pages-drafts-and-publishing.md):
 * written and published at IMPACT_ADDRESS like any page, language by language; until a language is
 * published the home page shows its coded figures in that language.
 */
export interface ImpactFigures {
  heading: string;
  figures: { figure: string; label: string }[];
}

type TextRun = { text: string; marks?: { type: string }[] };

/** The figures of a body: its first bulleted list, each item's bold words and the rest. */
export function figuresOf(body: RichTextDoc): ImpactFigures["figures"] {
  const list = body.content.find((node) => node.type === "bulletList");
  if (!list || list.type !== "bulletList") return [];
  return list.content.flatMap((item) => {
    const first = item.content[0];
    const runs: TextRun[] = first?.type === "paragraph" ? (first.content ?? []) : [];
    const isBold = (run: TextRun) => run.marks?.some((mark) => mark.type === "bold") ?? false;
    const figure = runs
      .filter(isBold)
      .map((run) => run.text)
      .join("")
      .trim();
    const label = runs
      .filter((run) => !isBold(run))
      .map((run) => run.text)
      .join("")
      .trim();
    return figure ? [{ figure, label }] : [];
  });
}

/** The published figures in `locale`, or null while that language is not published. */
export async function publishedImpact(locale: Locale): Promise<ImpactFigures | null> {
  const [row] = await db()
    .select({ title: pageLanguages.publishedTitle, body: pageLanguages.publishedBody })
    .from(pageLanguages)
    .innerJoin(pages, eq(pages.id, pageLanguages.pageId))
    .where(
      and(
        eq(pages.path, IMPACT_ADDRESS),
        eq(pageLanguages.language, locale),
        isNotNull(pageLanguages.publishedAt),
      ),
    )
    .limit(1);
  const body = row ? parseRichText(row.body) : null;
  if (!row || !body?.ok) return null;
  return { heading: row.title ?? "", figures: figuresOf(body.doc) };
}

const bold = (value: string) => ({
  type: "text" as const,
  text: value,
  marks: [{ type: "bold" as const }],
});

/** The coded figures (app/site/home/landing-page.tsx) in a language, as a body. */
function impactBody(t: TFunction, formatNumber: (value: number) => string): RichTextDoc {
  const figures = [
    [`${formatNumber(1000)}+`, t("landing.impact.people")],
    [formatNumber(15000), t("landing.impact.meals")],
    [`${formatNumber(500)}+`, t("landing.impact.beds")],
    ["24/7", t("landing.impact.support")],
  ];
  return {
    type: "doc",
    content: [
      {
        type: "bulletList",
        content: figures.map(([figure, label]) => ({
          type: "listItem",
          content: [
            { type: "paragraph", content: [bold(figure), { type: "text", text: ` ${label}` }] },
          ],
        })),
      },
    ],
  };
}

/** Fills each language's draft of the figures if nobody has written it yet, as the About page's. */
export async function carryOverImpactFigures() {
  const page = await ensurePage(IMPACT_ADDRESS);
  for (const language of locales) {
    const t = serverT(language);
    const format = (value: number) => new Intl.NumberFormat(`${language}-US`).format(value);
    await db()
      .update(pageLanguages)
      .set({
        draftTitle: t("landing.impact.heading"),
        draftSummary: "",
        draftBody: impactBody(t, format),
      })
      .where(
        and(
          eq(pageLanguages.pageId, page.id),
          eq(pageLanguages.language, language),
          eq(pageLanguages.draftVersion, 1),
          eq(pageLanguages.draftTitle, ""),
        ),
      );
  }
}
