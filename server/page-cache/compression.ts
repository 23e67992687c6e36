import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { logger } from "#app/lib/logger.server";
import type { CachedPage } from "./page";

/**
 * How the anonymous page cache (docs/decisions/101-anonymous-page-cache.md) compresses a page
 * once for every visitor: a quick brotli and gzip for the visitors waiting on the render, then
 * the smallest brotli in the background (docs/decisions/103-server-memory-and-start.md), with a
 * window sized to the page so brotli's memory stays small.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli quality for the answer a render's visitors wait for, and for the copy kept after. */
const BROTLI_QUICK = 5;
const BROTLI_SMALLEST = 11;

/**
 * The window just covers the page: brotli's memory grows with it (at quality 11, tens of MB for
 * the default 4 MB window, per page being compressed), and a larger one cannot find more matches.
 */
function brotliOptions(quality: number, size: number) {
  const lgwin = Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))),
  );
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_LGWIN]: lgwin,
    },
  };
}

/**
 * The brotli and gzip bodies the visitors waiting for a render get: a quick brotli (quality 5
 * costs a few ms, 11 costs hundreds on a cold process) and the best gzip.
 */
export function quickEncodings(body: Buffer): Promise<[Buffer, Buffer]> {
  return Promise.all([
    brotli(body, brotliOptions(BROTLI_QUICK, body.length)),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
}

/** The same bytes (same ETag) in the smallest brotli; a failure keeps the quick one. */
export async function recompress(page: CachedPage): Promise<void> {
  try {
    const smallest = await brotli(
      page.identity,
      brotliOptions(BROTLI_SMALLEST, page.identity.length),
    );
    // A tiny page can come out a few bytes larger at the highest quality.
    if (smallest.length < page.br.length) page.br = smallest;
  } catch (error) {
    logger.warn({ err: error }, "page cache: recompression failed");
  }
}
