/**
 * The call and map links of a service (docs/decisions/172-map-and-call-links.md). Pure, so the
 * tests check them and the page never links anything that is not a phone number or a map.
 */

/**
 * A `tel:` URL (RFC 3966) for a stored number, or null when it holds too few digits to dial. Real
 * files carry numbers wrapped in quotes or written "(713) 555-0100"; a ten-digit number is a US one.
 */
export function telHref(number: string, extension?: number | null): string | null {
  const trimmed = number.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length < 3 || digits.length > 15) return null;
  const international = trimmed.replace(/^["'\s]+/, "").startsWith("+");
  let dial = digits;
  if (!international && digits.length === 10) dial = `+1${digits}`;
  else if (!international && digits.length === 11 && digits.startsWith("1")) dial = `+${digits}`;
  else if (international) dial = `+${digits}`;
  const ext = extension && extension > 0 ? `;ext=${extension}` : "";
  return `tel:${dial}${ext}`;
}

/** A `sms:` URL for a text line, or null. */
export function smsHref(number: string): string | null {
  const tel = telHref(number);
  return tel ? `sms:${tel.slice(4).split(";")[0]}` : null;
}

/** The one line a person reads and a map app searches for. */
export function addressLine(
  address: {
    address1: string;
    address2?: string | null;
    city?: string | null;
    stateProvince?: string | null;
    postalCode?: string | null;
  } | null,
): string {
  if (!address) return "";
  const cityLine = [
    address.city,
    [address.stateProvince, address.postalCode].filter(Boolean).join(" "),
  ]
    .filter((part) => part?.trim())
    .join(", ");
  return [address.address1, address.address2, cityLine].filter((part) => part?.trim()).join(", ");
}

/**
 * A map link that opens the phone's map app: Google's cross-platform Maps URL, which Android and
 * iOS hand to the Google Maps app when installed and otherwise open in the browser, where every
 * phone can start directions. The address is searched (it names the door), with the coordinates
 * instead when there is no address.
 */
export function mapHref(
  addressText: string,
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): string | null {
  const hasPoint =
    typeof latitude === "number" &&
    typeof longitude === "number" &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude);
  const query = addressText.trim() || (hasPoint ? `${latitude},${longitude}` : "");
  if (!query) return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
