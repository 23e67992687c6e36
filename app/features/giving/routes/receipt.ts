import { localeFromRequest } from "#app/i18n/locales";
import { donorReceipt, pdfResponse } from "../documents.server";
import { requireDonor } from "../sign-in.server";
import type { Route } from "./+types/receipt";

/** /giving/receipts/:id: one of the signed-in donor's own receipts as PDF; anyone else's is 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeFromRequest(request);
  const donor = await requireDonor(request, locale);
  const bytes = await donorReceipt(donor.email, params.id, locale);
  if (!bytes) throw new Response("Not Found", { status: 404 });
  return pdfResponse(bytes, `receipt-${params.id}.pdf`);
}
