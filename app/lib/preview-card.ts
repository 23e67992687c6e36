/**
 * A link preview card (Open Graph / Twitter, 1200x630) as SVG: the organisation's name, a big
 * heading and a text on the brand colours. scripts/preview-images.ts draws the main pages' cards
 * with it at build time, app/lib/preview-card.server.ts a fundraiser page's card on request
 * (docs/decisions/140-link-previews-and-canonical-links.md, docs/decisions/226-fundraiser-share-cards.md).
 */
import { PREVIEW_SIZE } from "./seo";

// The site's palette (app/app.css).
const colors = {
  primary: "#1e3a8a",
  primaryLight: "#1e40af",
  accent: "#fbbf24",
  onPrimary: "#ffffff",
  muted: "#dbeafe",
};
/** The cards' font, found among the system fonts when rendering. */
export const FONT = "DejaVu Sans";
const MARGIN = 80;

/** Breaks text into lines of at most `perLine` characters; the last line ends in "..." if cut. */
function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine)
      lines[lines.length - 1] += ` ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[\s,.;:]+$/, "")}...`;
  return kept;
}

function escapeXml(text: string) {
  return text.replace(/[<>&]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function textLines(lines: string[], x: number, y: number, lineHeight: number, style: string) {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * lineHeight}" ${style}>${escapeXml(line)}</text>`,
    )
    .join("");
}

/** The card as SVG: logo and name at the top, the title big, the description below. */
export function cardSvg({ org, heading, text }: { org: string; heading: string; text: string }) {
  const { width, height } = PREVIEW_SIZE;
  const headingLines = wrap(heading, 24, 3);
  const headingTop = 270;
  const headingLineHeight = 84;
  const textTop = headingTop + (headingLines.length - 1) * headingLineHeight + 96;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${colors.primary}"/>
  <circle cx="${width - 40}" cy="-20" r="300" fill="${colors.primaryLight}"/>
  <circle cx="${width - 40}" cy="-20" r="180" fill="${colors.primary}" opacity="0.5"/>
  <rect y="${height - 24}" width="${width}" height="24" fill="${colors.accent}"/>
  <g transform="translate(${MARGIN} 64) scale(3.2)">
    <rect width="32" height="32" rx="6" fill="${colors.onPrimary}" opacity="0.12"/>
    <path d="M16 6 5 15h3v10h6v-6h4v6h6V15h3z" fill="${colors.accent}"/>
  </g>
  ${textLines([org], MARGIN + 130, 136, 0, `font-family="${FONT}" font-size="40" font-weight="bold" fill="${colors.onPrimary}"`)}
  ${textLines(headingLines, MARGIN, headingTop, headingLineHeight, `font-family="${FONT}" font-size="70" font-weight="bold" fill="${colors.onPrimary}"`)}
  ${textLines(wrap(text, 56, 6 - headingLines.length), MARGIN, textTop, 44, `font-family="${FONT}" font-size="32" fill="${colors.muted}"`)}
</svg>`;
}
