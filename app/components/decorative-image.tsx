import type { ImgHTMLAttributes } from "react";
import { useRootData } from "#app/lib/root-data";

/**
 * A picture that says nothing the text does not (`alt=""`). Every decorative image goes through
 * here: a low-data page (app/lib/low-data.ts) leaves it out of the HTML, so the browser never
 * fetches it (docs/decisions/215-low-data-pages-without-decorative-images.md). A low-data page
 * has no scripts, so nothing hydrates against the missing element.
 */
export function DecorativeImage(props: Omit<ImgHTMLAttributes<HTMLImageElement>, "alt">) {
  if (useRootData()?.lowData) return null;
  return <img {...props} alt="" />;
}
