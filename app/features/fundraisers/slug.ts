/**
 * A page's readable address from its title: lower-case ASCII letters, digits and hyphens, accents
 * dropped ("Corre por Álvaro" -> "corre-por-alvaro"), at most 60 characters; a title with none of
 * those gives "fundraiser". A taken slug gets "-2", "-3", ... (fundraisers.server.ts).
 */
export const SLUG_MAX = 60;

/** Words that are addresses of their own under /fundraise/. */
const RESERVED = new Set(["confirm", "manage", "new"]);

export function slugFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  if (slug === "") return "fundraiser";
  return RESERVED.has(slug) ? `${slug}-page` : slug;
}

/** The n-th candidate for a title's slug: the slug itself, then with a numbered suffix. */
export function slugCandidate(base: string, n: number): string {
  return n <= 1 ? base : `${base.slice(0, SLUG_MAX - String(n).length - 1)}-${n}`;
}

/** Story text as paragraphs: blank lines separate them; single line breaks stay inside. */
export function storyParagraphs(story: string): string[] {
  return story
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
