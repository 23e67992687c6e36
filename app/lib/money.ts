/** Formats an amount in minor units (cents) as currency for US readers, e.g. 5000 -> "$50.00". */
export function formatCents(cents: number, currency = "usd"): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}
