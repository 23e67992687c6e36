import { localeFromRequest } from "#app/i18n/locales";
import { donorStatement, pdfResponse } from "../documents.server";
import { requireDonor } from "../sign-in.server";
import type { Route } from "./+types/statement";

/** /giving/statement/:year: the signed-in donor's year-end statement as PDF. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeFromRequest(request);
  const donor = await requireDonor(request, locale);
  const year = /^\d{4}$/.test(params.year) ? Number(params.year) : Number.NaN;
  if (!(year >= 2000 && year <= 2100)) throw new Response("Not Found", { status: 404 });
  const bytes = await donorStatement(donor.email, year, locale);
  return pdfResponse(bytes, `giving-statement-${year}.pdf`);
}
