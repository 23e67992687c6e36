import { and, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { pageLanguages } from "#app/db/schema/pages";
import { serverT } from "#app/i18n/catalogs.server";
import { locales } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import type { RichTextDoc } from "#app/lib/rich-text";
import { ensurePage } from "./pages.server";

/**
 * The About page's words, carried into the drafts of /about in both languages at start
 * (docs/decisions/281-pages-drafts-and-publishing.md), so staff edit them rather than retype them.
 * Visitors keep seeing the coded page (app/site/routes/about.tsx) until staff publish.
 */

const text = (value: string) => ({ type: "text" as const, text: value });
const paragraph = (value: string) => ({ type: "paragraph" as const, content: [text(value)] });
const heading = (level: 2 | 3, value: string) => ({
  type: "heading" as const,
  attrs: { level },
  content: [text(value)],
});

/** "<strong>A</strong> B" as runs of text, the strong part bold. */
function withBold(message: string) {
  return {
    type: "paragraph" as const,
    content: message
      .split(/(<strong>.*?<\/strong>)/)
      .filter((part) => part !== "")
      .map((part) => {
        const bold = /^<strong>(.*)<\/strong>$/.exec(part);
        return bold ? { ...text(bold[1]), marks: [{ type: "bold" as const }] } : text(part);
      }),
  };
}

const HISTORY = ["opening", "growth", "today"] as const;

export function aboutBody(t: TFunction, org: string): RichTextDoc {
  return {
    type: "doc",
    content: [
      paragraph(t("about.intro", { org })),
      heading(2, t("about.missionHeading")),
      paragraph(t("about.mission")),
      withBold(t("about.funds")),
      heading(2, t("about.founderHeading")),
      paragraph(t("about.founderRole")),
      paragraph(t("about.founderStory", { org })),
      paragraph(t("about.founderExperience")),
      heading(2, t("about.historyHeading")),
      ...HISTORY.flatMap((step) => [
        heading(3, `${t(`about.history.${step}.when`)}: ${t(`about.history.${step}.title`)}`),
        paragraph(t(`about.history.${step}.text`)),
      ]),
      heading(2, t("about.joinHeading")),
      { type: "callToAction", attrs: { href: "/home#donate", label: t("nav.donateNow") } },
      { type: "callToAction", attrs: { href: "/volunteer", label: t("volunteer.title") } },
    ],
  };
}

/** Fills each language's draft of /about if nobody has written it yet; a second start changes nothing. */
export async function carryOverAboutPage(org: string) {
  const page = await ensurePage("/about");
  for (const language of locales) {
    const t = serverT(language);
    await db()
      .update(pageLanguages)
      .set({
        draftTitle: t("about.title"),
        draftSummary: t("meta.about.description"),
        draftBody: aboutBody(t, org),
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
