// Built by Vite like any stylesheet (Tailwind, minified), but as a string in the server bundle.
import stylesheet from "../app.css?inline";

/**
 * The site's one stylesheet, put inline in every page's <head>
 * (docs/decisions/109-stylesheet-inside-the-page.md).
 */
export const inlineStylesheet: string = stylesheet;
