import { statementFileName, yearStatement } from "#app/lib/donations/manage.server";
import { checkManageToken } from "#app/lib/donations/manage-link.server";
import type { Route } from "./+types/statement";

/** A donor's year-end statement as a text file, behind their signed 'manage your gift' link. */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const check = checkManageToken(search.get("token"));
  if ("problem" in check)
    return new Response("This link is not valid or has expired.", { status: 403 });
  const year = Number(search.get("year"));
  if (!Number.isInteger(year) || year < 2000 || year > 2100) {
    return new Response("Please choose a year.", { status: 400 });
  }
  return new Response(await yearStatement(check.email, year), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${statementFileName(year)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
