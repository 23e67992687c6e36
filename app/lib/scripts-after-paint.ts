/**
 * The page's scripts start downloading once the first frame is painted (docs/decisions/118).
 *
 * The server makes React Router's module preloads and its module script inert in the HTML
 * (`scripts-after-paint.server.ts`); this inline script, placed after them at the end of <body>,
 * waits for the next frame to be painted and then puts them back where they were: the browser
 * downloads the modules, and React Router hydrates the page as before. Until then the page is
 * the server's HTML, which works fully without JavaScript.
 */

/** The attribute an inert module preload carries instead of `rel="modulepreload"`. */
export const INERT_PRELOAD_ATTRIBUTE = "data-after-paint";
/** The type the module script carries while inert: a type browsers do not run. */
export const INERT_SCRIPT_TYPE = "text/x-after-paint";

export const scriptsAfterPaintBootScript = `requestAnimationFrame(function () {
  // A callback of requestAnimationFrame runs before its frame is painted; the timeout runs after.
  setTimeout(function () {
    document.querySelectorAll("link[${INERT_PRELOAD_ATTRIBUTE}]").forEach(function (inert) {
      var preload = document.createElement("link");
      preload.rel = "modulepreload";
      preload.href = inert.getAttribute("href");
      inert.replaceWith(preload);
    });
    var inert = document.querySelector('script[type="${INERT_SCRIPT_TYPE}"]');
    if (!inert) return;
    var script = document.createElement("script");
    script.type = "module";
    script.nonce = inert.nonce;
    script.textContent = inert.textContent;
    // In the same place, so React finds the elements it rendered when it hydrates.
    inert.replaceWith(script);
  }, 0);
});`;
