/**
 * Which addresses a page may have (docs/decisions/281-pages-drafts-and-publishing.md): the
 * placeholder pages' (app/site/placeholder-pages.ts gives each its placeholder text, one per
 * address here), "/about", and new ones under "/p/", which no other route of the site uses.
 */
export const PLACEHOLDER_ADDRESSES = [
  "/give",
  "/join-the-spring",
  "/sponsor-community",
  "/legacy-giving",
  "/tiny-heroes",
  "/students-teachers",
  "/stream",
  "/experience-lab",
  "/our-work",
  "/100-percent-model",
  "/financials",
  "/founder",
  "/careers",
  "/help",
  "/request-speaker",
  "/store",
] as const;

export type PlaceholderAddress = (typeof PLACEHOLDER_ADDRESSES)[number];

/**
 * The home page's impact figures: the page at this address is not a page of its own but the
 * figures' section of /home (and of / after launch): its title the heading, its first bulleted list
 * the figures, each item's bold words the figure and the rest its label.
 */
export const IMPACT_ADDRESS = "/home";

/** The addresses of the site's own pages that staff may write. */
export const SITE_ADDRESSES: readonly string[] = [
  ...PLACEHOLDER_ADDRESSES,
  "/about",
  IMPACT_ADDRESS,
];

export const NEW_PAGE_PREFIX = "/p/";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isNewPagePath(path: string): boolean {
  if (!path.startsWith(NEW_PAGE_PREFIX)) return false;
  const slug = path.slice(NEW_PAGE_PREFIX.length);
  return slug.length <= 80 && SLUG.test(slug);
}

/** "Winter drive 2026!" → "/p/winter-drive-2026"; null when nothing is left of it. */
export function newPagePath(slugOrTitle: string): string | null {
  const slug = slugOrTitle
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug ? `${NEW_PAGE_PREFIX}${slug}` : null;
}

/** Images in a page's body come from the pages' own storage route. */
export const PAGE_IMAGE_PREFIX = "/page-images/";
const IMAGE_KEY = /^[a-z0-9][a-z0-9_-]{0,99}\.webp$/;

export function isPageImage(src: string): boolean {
  return src.startsWith(PAGE_IMAGE_PREFIX) && IMAGE_KEY.test(src.slice(PAGE_IMAGE_PREFIX.length));
}
