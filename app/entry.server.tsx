import { PassThrough } from "node:stream";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { InlineStylesheetContext } from "#app/document/inline-stylesheet";
import { inlineStylesheet } from "#app/document/inline-stylesheet.server";
import { NonceContext } from "#app/document/nonce";
import { outagePage, RETRY_AFTER_SECONDS } from "#app/document/outage-page";
import { scriptsAfterPaint } from "#app/document/scripts-after-paint.server";
import { compressWhole } from "#app/lib/content-encoding.server";
import { databaseUnavailable } from "./db/client.server";
import { env } from "./lib/env.server";
import { logger } from "./lib/logger.server";

export const streamTimeout = 5_000;

/**
 * React Router's Node renderer, plus the response's CSP nonce on every script it writes: the
 * hydration data and module scripts (ServerRouter), React's own inline scripts (the renderer's
 * `nonce`) and the root's scripts (NonceContext) (docs/decisions/130-content-security-policy.md);
 * the stylesheet inline (docs/decisions/109-stylesheet-inside-the-page.md) and the scripts inert
 * until the first paint (docs/decisions/118-scripts-after-the-first-paint.md).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The request that ran into a lost database gets the outage page too, not the error screen
  // (the requests after it are answered before they reach React Router: server/database-outage.ts).
  if (responseStatusCode >= 500 && databaseUnavailable()) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
    return new Response(outagePage(env().ORG_NAME), { status: 503, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // React's choice between the two callbacks (crawlers wait for every boundary); either way the
    // page is sent whole once the stream ends, below.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Leaves time for rejected boundaries to flush before the stream is cut.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <InlineStylesheetContext.Provider value={inlineStylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // A finished <Suspense> boundary stays in place in the HTML (app/components/hydrate-later.tsx):
        // past this many bytes React would move it to the end of the page, shown only by a script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          // The scripts wait for the first paint
          // (docs/decisions/118-scripts-after-the-first-paint.md).
          if (env().SCRIPTS_AFTER_PAINT === "on") pipe(scriptsAfterPaint()).pipe(body);
          else pipe(body);
          // Sent whole once rendered: the loaders have all answered before the render starts, so
          // streaming gains a visitor nothing, while compressing dozens of small writes one by one
          // cost a page missing the cache about three times one compression of the whole
          // (docs/decisions/104-renders-take-turns-and-node-memory-settings.md). Compressed here
          // in one call, not by the middleware's stream (docs/decisions/198-pages-compressed-whole.md).
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            compressWhole(Buffer.concat(chunks), request.headers.get("accept-encoding")).then(
              (page) => {
                // Every page also differs by its cookies (a session, a flash message, the
                // save-data switch) and by Save-Data (app/lib/low-data.ts), as the page cache's
                // copies say (server/page-cache/http.ts).
                responseHeaders.append("Vary", "Accept-Encoding, Cookie, Save-Data");
                if (page.encoding) responseHeaders.set("Content-Encoding", page.encoding);
                responseHeaders.set("Content-Length", String(page.body.length));
                resolve(
                  new Response(page.body, { headers: responseHeaders, status: responseStatusCode }),
                );
              },
              reject,
            );
          });
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by React Router; these came while streaming.
          if (shellRendered) {
            logger.error({ err: error, requestId: loadContext.requestId }, "render failed");
          }
        },
      },
    );
  });
}
