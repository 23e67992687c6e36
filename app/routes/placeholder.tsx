import { data } from "react-router";
import { placeholderPages } from "#app/lib/site";
import type { Route } from "./+types/placeholder";

export function loader({ request }: Route.LoaderArgs) {
  const page = placeholderPages[new URL(request.url).pathname];
  if (!page) throw data(null, { status: 404 });
  return page;
}

export function meta({ data: page }: Route.MetaArgs) {
  return [{ title: `${page?.title ?? "Page"} - Houston Home Foundation` }];
}

export default function PlaceholderPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-20">
      <h1 className="text-4xl font-bold">{loaderData.title}</h1>
      <p className="mt-4 text-lg">{loaderData.sentence}</p>
    </main>
  );
}
