import { statementFileName, yearStatement } from "#app/features/donations/manage.server";
import { checkManageToken } from "#app/features/donations/manage-link.server";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest } from "#app/i18n/locales";
import type { Route } from "./+types/statement";

/** A donor's year-end statement as a text file, behind their signed 'manage your gift' link. */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const check = checkManageToken(search.get("token"));
  if ("problem" in check) return new Response(t("manage.statementInvalid"), { status: 403 });
  const year = Number(search.get("year"));
  if (!Number.isInteger(year) || year < 2000 || year > 2100) {
    return new Response(t("manage.chooseYear"), { status: 400 });
  }
  return new Response(await yearStatement(check.email, year, locale), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${statementFileName(year)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
