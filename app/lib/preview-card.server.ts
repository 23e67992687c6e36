import { Resvg } from "@resvg/resvg-js";
import { cardSvg, FONT } from "./preview-card";

/** A preview card (app/lib/preview-card.ts) as PNG, with the system's fonts. */
export function renderCard(card: Parameters<typeof cardSvg>[0]): Buffer {
  return new Resvg(cardSvg(card), {
    font: { loadSystemFonts: true, defaultFontFamily: FONT },
    fitTo: { mode: "original" },
  })
    .render()
    .asPng();
}
