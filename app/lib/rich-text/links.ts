/**
 * Which link targets a rich-text body may hold (docs/decisions/280-rich-text-as-checked-json.md):
 * `https:`, `http:`, `mailto:`, `tel:` and the site's own paths. Everything else (`javascript:`,
 * `data:`, `//other.host`, a bare word) is refused, whatever its case or the blanks inside it.
 */
const ABSOLUTE_SCHEMES = new Set(["https:", "http:", "mailto:", "tel:"]);

/** A path of this site: one slash, then no second slash or backslash, and no blank. */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** A blank or a control character anywhere (the URL parser drops tabs and newlines). */
function hasBlankOrControl(href: string): boolean {
  for (const character of href) {
    const code = character.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || /\s/.test(character)) return true;
  }
  return false;
}

export function isSitePath(href: string): boolean {
  return SITE_PATH.test(href) && !hasBlankOrControl(href);
}

export function isAllowedHref(href: string): boolean {
  if (isSitePath(href)) return true;
  // Refused before parsing: the parser would drop the tab of "java\tscript:" and read "javascript:".
  if (hasBlankOrControl(href)) return false;
  if (!URL.canParse(href)) return false;
  const url = new URL(href);
  if (!ABSOLUTE_SCHEMES.has(url.protocol)) return false;
  if (url.protocol === "https:" || url.protocol === "http:") return url.hostname !== "";
  return url.pathname !== "";
}

/** A site path made absolute for a reader outside the site (an e-mail); other targets unchanged. */
export function absoluteHref(href: string, origin: string | undefined): string {
  return origin && isSitePath(href) ? new URL(href, origin).href : href;
}
