import { createHash } from "node:crypto";

/**
 * The CSP hash sources ('sha256-...') of a page's inline scripts. A cached page is sent to many
 * visitors, so a nonce in it would be shared by all of them for as long as the page lives; its
 * answers name these hashes instead and hold no nonce at all
 * (docs/decisions/151-cached-pages-without-a-shared-nonce.md). Every <script> without `src` counts,
 * whatever its type: the inert module script of docs/decisions/118-scripts-after-the-first-paint.md
 * is put back later with the same text, and the browser checks that copy against the same hash.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.toString("utf8").matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/** A script element's attributes and text; a script's text cannot contain "</script". */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
