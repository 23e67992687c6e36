/**
 * The shape of one page held by the anonymous page cache
 * (docs/decisions/101-anonymous-page-cache.md): its bytes in every encoding, its ETag, and the CSP
 * hashes of its inline scripts. A module of its own because the store fills it, compression shrinks
 * it and the HTTP answer sends it; here all three can import it without importing each other.
 */

export interface CachedPage {
  identity: Buffer;
  /** Quickly compressed at first, replaced by the smallest encoding once that is ready. */
  br: Buffer;
  gzip: Buffer;
  etag: string;
  contentType: string;
  /** The hash sources of its inline scripts, which the cached answer's policy names (no nonce). */
  scriptHashes: string[];
  expiresAt: number;
}
