/**
 * The small script every page ends with (docs/decisions/182-offline-finder.md): once the page has
 * loaded it registers the service worker (/sw.js, server/offline/routes.ts) and asks it to save
 * this page if it is a finder page, so one visit is enough to have it offline. With
 * SERVICE_WORKER=off it removes any worker instead (the kill switch's page side).
 */
export function serviceWorkerScript(enabled: boolean): string {
  if (!enabled) {
    return 'if("serviceWorker"in navigator)navigator.serviceWorker.getRegistrations().then(function(r){r.forEach(function(w){w.unregister()})});';
  }
  return 'if("serviceWorker"in navigator)addEventListener("load",function(){navigator.serviceWorker.register("/sw.js").then(function(){return navigator.serviceWorker.ready}).then(function(r){r.active&&r.active.postMessage({save:location.pathname+location.search})}).catch(function(){})});';
}
