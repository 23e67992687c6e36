/**
 * The page's scripts start downloading once the first frame is painted
 * (docs/decisions/118-scripts-after-the-first-paint.md).
 *
 * The server makes React Router's module preloads and its module script inert in the HTML
 * (`scripts-after-paint.server.ts`); this inline script, placed after them at the end of <body>,
 * waits until the page's first contentful paint is on screen and then puts them back where they were: the browser
 * downloads the modules, and React Router hydrates the page as before. Until then the page is
 * the server's HTML, which works fully without JavaScript.
 */

/** The attribute an inert module preload carries instead of `rel="modulepreload"`. */
export const INERT_PRELOAD_ATTRIBUTE = "data-after-paint";
/** The type the module script carries while inert: a type browsers do not run. */
export const INERT_SCRIPT_TYPE = "text/x-after-paint";

export const scriptsAfterPaintBootScript = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var links = [].slice.call(document.querySelectorAll("link[${INERT_PRELOAD_ATTRIBUTE}]"));
    // One preload per task: starting a module preload costs the main thread a few milliseconds
    // each, twenty in one task made a long task on a slow phone.
    function next() {
      var inert = links.shift();
      if (inert) {
        var preload = document.createElement("link");
        preload.rel = "modulepreload";
        preload.href = inert.getAttribute("href");
        inert.replaceWith(preload);
        setTimeout(next, 0);
        return;
      }
      inert = document.querySelector('script[type="${INERT_SCRIPT_TYPE}"]');
      if (!inert) return;
      var script = document.createElement("script");
      script.type = "module";
      script.nonce = inert.nonce;
      script.textContent = inert.textContent;
      // In the same place, so React finds the elements it rendered when it hydrates.
      inert.replaceWith(script);
    }
    next();
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf("paint") !== -1) {
    // Once the first contentful paint is on screen (a hidden tab paints when it is shown).
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: "paint", buffered: true });
  } else {
    // Without paint timing: the second frame from now comes after the first one was painted.
    requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start, 0); }); });
  }
  // Whatever happens to the paint, the page does not stay without its scripts.
  addEventListener("load", function () { setTimeout(start, 3000); });
})();`;
