import { createContext, useContext } from "react";

/**
 * The site's stylesheet as text, for the server's render of <head>
 * (docs/decisions/109-stylesheet-inside-the-page.md). The server renderer provides it; in the
 * browser it is empty, so the style element is rendered only into the HTML and never shipped again
 * inside a script.
 */
export const InlineStylesheetContext = createContext("");

export function useInlineStylesheet(): string {
  return useContext(InlineStylesheetContext);
}
