/**
 * The altcha widget's stylesheet, loaded with the widget. The widget would add it itself with its
 * custom properties on `:root`: adding properties that every element inherits makes the browser
 * work out the style of the whole page again (about 70 ms on a slow phone, while the visitor types).
 * Here they are set on the widget's own box instead, so only the widget's elements are styled anew.
 */
import altchaCss from "altcha/altcha.css?raw";

/** The widget's rules with its custom properties on `.altcha-box` instead of the page's root. */
export function scopeAltchaCss(css: string): string {
  return css.replace(/:root\b/g, ".altcha-box");
}

/** Fills the style element kept for the widget (its own stylesheet's id, so it adds none). */
export function fillAltchaStyles(slot: HTMLStyleElement) {
  if (!slot.textContent) slot.textContent = scopeAltchaCss(altchaCss);
}
