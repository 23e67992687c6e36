/*
 * The service worker (docs/decisions/182-offline-finder.md), served at /sw.js by
 * server/offline/routes.ts with this deploy's version and texts filled in. Kept small and plain:
 * - hashed assets (/assets/...) cache-first: their names change with their content;
 * - finder pages (/find-help, /es/find-help and a service's page) network-first, the last good copy
 *   shown offline with "Saved <time>: call before you go";
 * - any other page from the network, the offline page when there is none;
 * - never the dashboard, sign-in, account or payment pages, a private or no-store answer, or
 *   anything but a plain same-origin answer (a response that set a cookie is marked private by
 *   server/offline/routes.ts, since a worker cannot see Set-Cookie).
 * Caches are named by the deploy's version and dropped when a new worker activates, so no saved
 * page outlives the assets it refers to. A new worker waits for the next visit (no skipWaiting).
 */
const VERSION = "__VERSION__";
const TEXTS = __TEXTS__;
const ASSETS = `assets-${VERSION}`;
const PAGES = `pages-${VERSION}`;
const OFFLINE_PAGES = ["/offline", "/es/offline"];
const FINDER = /^\/(es\/)?find-help(\/[^/]+)?\/?$/;
const NEVER =
  /^\/(es\/)?(admin|login|logout|account|api|forgot-password|reset-password|donate\/pay|donate\/manage|donation-success)(\/|$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(PAGES)
      .then((cache) =>
        Promise.all(
          OFFLINE_PAGES.map((path) =>
            fetch(path, { credentials: "omit", cache: "reload" }).then((response) =>
              response.ok ? cache.put(path, response) : undefined,
            ),
          ),
        ),
      ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => !name.endsWith(`-${VERSION}`)).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function keepable(response) {
  const control = response.headers.get("Cache-Control") || "";
  return response.ok && response.type === "basic" && !/private|no-store/i.test(control);
}

/** Keeps a finder page with the moment it was saved. */
async function savePage(request, response) {
  if (!keepable(response)) return;
  if (!(response.headers.get("Content-Type") || "").startsWith("text/html")) return;
  const headers = new Headers(response.headers);
  headers.set("X-Saved-At", new Date().toISOString());
  const body = await response.arrayBuffer();
  const cache = await caches.open(PAGES);
  await cache.put(request.url, new Response(body, { status: 200, headers }));
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The saved copy, with the moment it was saved at the top of its content. */
async function savedCopy(request, locale) {
  const saved = await caches.match(request.url, { cacheName: PAGES });
  if (!saved) return null;
  const texts = TEXTS[locale];
  const time = new Intl.DateTimeFormat(texts.tag, {
    timeZone: "America/Chicago",
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(saved.headers.get("X-Saved-At") || Date.now()));
  const notice = `<p class="saved-notice" role="note">${escapeHtml(texts.saved.replace("{{time}}", time))}</p>`;
  // The saved copy is shown as a plain page: its scripts would hydrate it and drop the note
  // (React replaces markup it did not render), and every link and form works without them.
  const html = (await saved.text())
    .replace(/<body\b[\s\S]*$/, (body) => body.replace(/<script\b[\s\S]*?<\/script>/g, ""))
    .replace(/(<main\b[^>]*>)/, `$1${notice}`);
  const headers = new Headers(saved.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(html, { status: 200, headers });
}

async function finderPage(request, locale) {
  try {
    const response = await fetch(request);
    await savePage(request, response.clone());
    return response;
  } catch (error) {
    return (await savedCopy(request, locale)) || offlinePage(locale, error);
  }
}

async function offlinePage(locale, error) {
  const page = await caches.match(locale === "es" ? "/es/offline" : "/offline", {
    cacheName: PAGES,
  });
  if (page) return page;
  throw error;
}

async function asset(request) {
  const cached = await caches.match(request, { cacheName: ASSETS });
  if (cached) return cached;
  const response = await fetch(request);
  // Only the file itself is kept: a 404 (an asset of another deploy) is answered, never stored.
  if (keepable(response)) {
    const cache = await caches.open(ASSETS);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  const locale = /^\/es(\/|$)/.test(url.pathname) ? "es" : "en";
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(asset(request));
  } else if (request.mode === "navigate" && FINDER.test(url.pathname)) {
    event.respondWith(finderPage(request, locale));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch((error) => offlinePage(locale, error)));
  }
});

/** The page that registered the worker asks for its own finder page to be saved at once. */
self.addEventListener("message", (event) => {
  const path = event.data?.save;
  if (typeof path !== "string" || !path.startsWith("/")) return;
  const url = new URL(path, self.location.origin);
  if (!FINDER.test(url.pathname)) return;
  const request = new Request(url.href, { credentials: "omit" });
  event.waitUntil(
    fetch(request)
      .then((response) => savePage(request, response))
      .catch(() => undefined),
  );
});
