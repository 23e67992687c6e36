import { data } from "react-router";
import { pageMeta } from "#app/lib/seo";
import { NotFound } from "#app/site/components/not-found";
import type { Route } from "./+types/not-found";

/** Any unknown path: a real 404 status and the site's not-found page. */
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({ title: t("notFound.title"), noindex: true }));
}

export default function NotFoundRoute() {
  return <NotFound />;
}
