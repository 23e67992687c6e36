/**
 * Whether a listing's last verification is too old to trust (docs/decisions/231-listings-not-verified.md):
 * more than `days` days before `today` (Houston dates, "YYYY-MM-DD"). Never verified is its own
 * case ("Not verified yet"), not this one.
 */
export function verificationTooOld(lastVerified: string | null, today: string, days: number) {
  if (!lastVerified) return false;
  const age =
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${lastVerified}T00:00:00Z`)) / 86_400_000;
  return age > days;
}
