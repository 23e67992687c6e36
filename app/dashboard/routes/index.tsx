import { redirect } from "react-router";
import { tabsFor } from "#app/dashboard/tabs";
import { requireUser } from "#app/lib/auth/session.server";
import type { Route } from "./+types/index";

/** /admin opens the first tab the role may see; a `user` sees the layout's staff-access page. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [first] = tabsFor(user.role);
  if (first) throw redirect(`/admin/${first.slug}`);
  return null;
}

export default function AdminIndex() {
  return null;
}
