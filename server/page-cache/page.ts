/**
 * The shape of one page held by the anonymous page cache
 * (docs/decisions/101-anonymous-page-cache.md): its bytes in every encoding, its ETag, and the CSP
 * nonce its scripts carry. A module of its own because the store fills it, compression shrinks
 * it and the HTTP answer sends it; here all three can import it without importing each other.
 */

export interface CachedPage {
  identity: Buffer;
  /** Quickly compressed at first, replaced by the smallest encoding once that is ready. */
  br: Buffer;
  gzip: Buffer;
  etag: string;
  contentType: string;
  /** The CSP nonce the page's scripts carry; the cached answer's policy must name it. */
  nonce: string;
  expiresAt: number;
}
