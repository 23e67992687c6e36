import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  type RouteObject,
  StaticRouterProvider,
} from "react-router";
import { expect, test } from "vitest";
import { useMatchedMessages } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { createI18n, I18nProvider, useLocale } from "#app/i18n/translator";

/**
 * The page's translator, as app/root.tsx builds it: the texts the matched routes' loaders send
 * (docs/decisions/200-page-messages-as-text.md), merged, reach every component.
 */
function Root() {
  const messages = useMatchedMessages();
  if (!messages) return <p>no messages</p>;
  return (
    <I18nProvider i18n={createI18n("es", messages)}>
      <Navigation />
      <Outlet />
    </I18nProvider>
  );
}

function Navigation() {
  return <nav>{useLocale().t("nav.about")}</nav>;
}

function About() {
  return <h1>{useLocale().t("about.title")}</h1>;
}

const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: ({ request }) => ({ messages: pageMessages(request, { messages: ["nav"] }) }),
    Component: Root,
    children: [
      {
        path: "es/about",
        loader: ({ request }) => ({ messages: pageMessages(request, { messages: ["about"] }) }),
        Component: About,
      },
    ],
  },
];

test("each route's messages, sent as text, translate the components of the page", async () => {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/es/about"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const html = renderToString(
    <StaticRouterProvider
      router={createStaticRouter(routes, context)}
      context={context}
      hydrate={false}
    />,
  );
  expect(html).toContain("<nav>Nosotros</nav>");
  expect(html).toContain("<h1>Quiénes somos</h1>");
  expect(html).not.toContain("about.title");
});
