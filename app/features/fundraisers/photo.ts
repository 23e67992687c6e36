/** A fundraiser photo's address and size, as the pages show it (docs/decisions/254-fundraiser-photos.md). */
export interface PagePhoto {
  src: string;
  width: number;
  height: number;
}

/** The largest photo a supporter may send. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** For the file input's `accept` attribute; the server checks the content itself. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

export function photoPath(key: string): string {
  return `/fundraiser-photos/${key}`;
}

/** The photo of a row's key and size columns, or null when it has none. */
export function pagePhoto(
  key: string | null,
  width: number | null,
  height: number | null,
): PagePhoto | null {
  return key && width && height ? { src: photoPath(key), width, height } : null;
}
