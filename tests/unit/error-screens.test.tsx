import { renderToReadableStream } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from "react-router";
import { describe, expect, test } from "vitest";
import { catalogs } from "#app/i18n/catalogs.server";
import { type Locale, localeFromPath } from "#app/i18n/locales";
import { createI18n, I18nProvider } from "#app/i18n/translator";
import { ErrorBoundary } from "#app/root";

// The real root error boundary under a tiny route tree, rendered the way the server renders pages.
const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    ErrorBoundary,
    children: [
      {
        path: "es/broken",
        loader: () => {
          throw new Error("boom");
        },
        Component: () => null,
      },
      {
        path: "broken",
        loader: () => {
          throw new Error('relation "donations" does not exist at character 15');
        },
        Component: () => null,
      },
    ],
  },
];

async function render(pathname: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  // The document layout provides the page's catalog; here it is given directly.
  const locale: Locale = localeFromPath(pathname);
  // Streamed as the server streams a page, and read once everything is ready: the 404 page's body
  // is loaded when one is shown (app/site/components/lazy-not-found.tsx).
  const stream = await renderToReadableStream(
    <I18nProvider i18n={createI18n(locale, catalogs[locale])}>
      <StaticRouterProvider
        router={createStaticRouter(routes, context)}
        context={context}
        hydrate={false}
      />
    </I18nProvider>,
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  return { status: context.statusCode, html };
}

describe("error screens", () => {
  test("a thrown error shows the generic screen with status 500 and none of its text", async () => {
    const { status, html } = await render("/broken");
    expect(status).toBe(500);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).not.toContain("does not exist");
  });

  test("an unknown path shows the 404 page with status 404", async () => {
    const { status, html } = await render("/no-such-page");
    expect(status).toBe(404);
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
  });

  test("on a Spanish path both screens speak Spanish", async () => {
    const broken = await render("/es/broken");
    expect(broken.html).toContain("¡Error inesperado de la aplicación!");
    expect(broken.html).toContain('href="/es"');
    const missing = await render("/es/no-such-page");
    expect(missing.html).toContain("¡Uy! Página no encontrada");
    expect(missing.html).toContain("Volver al inicio");
  });
});
