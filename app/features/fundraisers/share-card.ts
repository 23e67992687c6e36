/** A fundraiser page's share card's address (routes/card.ts), without the locale. */
export function cardPath(slug: string): string {
  return `/fundraise/${slug}/card.png`;
}
