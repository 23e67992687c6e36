import { data } from "react-router";
import { NotFound } from "#app/components/site/not-found";

/** Any unknown path: a real 404 status and the spec's page. */
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found - Houston Home Foundation" }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
