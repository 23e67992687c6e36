import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { pageLanguages, pages } from "#app/db/schema/pages";
import { serverT } from "#app/i18n/catalogs.server";
import { type Locale, locales } from "#app/i18n/locales";
import { formattersFor } from "#app/i18n/translator";
import { parseRichText, type RichTextDoc } from "#app/lib/rich-text";
import { IMPACT_ADDRESS } from "./addresses";
import { ensurePage } from "./pages.server";

/**
 * The home page's impact figures as page content (docs/decisions/281-pages-drafts-and-publishing.md):
 * written and published at IMPACT_ADDRESS like any page, language by language; until a language is
 * published the home page shows its coded figures in that language, computed here on the server so
 * the page's script carries neither.
 */
export interface ImpactFigures {
  heading: string;
  figures: { figure: string; label: string }[];
}

type TextRun = { text: string; marks?: { type: string }[] };

/** The figures of a body: its first bulleted list, each item's bold words and the rest. */
function figuresOf(body: RichTextDoc): ImpactFigures["figures"] {
  const list = body.content.find((node) => node.type === "bulletList");
  if (list?.type !== "bulletList") return [];
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

/** The figures the home page showed before they were page content, in catalog words. */
const CODED_FIGURES = [
  { figure: 1000, plus: true, label: "landing.impact.people" },
  { figure: 15000, plus: false, label: "landing.impact.meals" },
  { figure: 500, plus: true, label: "landing.impact.beds" },
  { figure: "24/7", plus: false, label: "landing.impact.support" },
] as const;

/** The coded figures in a language, written as the page wrote them. */
export function codedImpact(locale: Locale): ImpactFigures {
  const t = serverT(locale);
  const { formatNumber } = formattersFor(locale);
  return {
    heading: t("landing.impact.heading"),
    figures: CODED_FIGURES.map((item) => ({
      figure:
        typeof item.figure === "number"
          ? `${formatNumber(item.figure)}${item.plus ? "+" : ""}`
          : item.figure,
      label: t(item.label),
    })),
  };
}

/** What the home page's figures section shows in `locale`: the published figures, or the coded ones. */
export async function impactFor(locale: Locale): Promise<ImpactFigures> {
  return (await publishedImpact(locale)) ?? codedImpact(locale);
}

/** Figures as a body: a bulleted list, each item its figure in bold, then its label. */
function impactBody({ figures }: ImpactFigures): RichTextDoc {
  return {
    type: "doc",
    content: [
      {
        type: "bulletList",
        content: figures.map(({ figure, label }) => ({
          type: "listItem",
          content: [
            {
              type: "paragraph",
              content: [
                { type: "text", text: figure, marks: [{ type: "bold" }] },
                { type: "text", text: ` ${label}` },
              ],
            },
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
    const coded = codedImpact(language);
    await db()
      .update(pageLanguages)
      .set({ draftTitle: coded.heading, draftSummary: "", draftBody: impactBody(coded) })
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
