/**
 * Low-data mode (docs/decisions/180-weather-banners.md): a visitor whose browser sends `Save-Data: on`, or who turned on "Save
 * data" (a cookie, so the server renders the light page before anything else loads), gets pages
 * without the site's scripts, decorative pictures or animations. The page cache keeps this variant
 * apart (server/page-cache/policy.ts).
 */
export const SAVE_DATA_COOKIE = "save-data";

export type LowDataReason = "browser" | "switch";

/** Why a request gets the low-data page, or null. */
export function lowDataReason(
  saveDataHeader: string | null | undefined,
  cookieHeader: string | null | undefined,
): LowDataReason | null {
  if (saveDataHeader?.trim().toLowerCase() === "on") return "browser";
  const cookies = (cookieHeader ?? "").split(";").map((part) => part.trim());
  return cookies.includes(`${SAVE_DATA_COOKIE}=on`) ? "switch" : null;
}
