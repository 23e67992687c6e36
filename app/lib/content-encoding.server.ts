import type { NonSharedBuffer } from "node:buffer";
import { promisify } from "node:util";
import { type BrotliOptions, brotliCompress, constants, gzip, type InputType } from "node:zlib";
import { brotliInThread } from "./compression-thread.server";
import { logger } from "./logger.server";

/**
 * How the server compresses what it renders per request
 * (docs/decisions/100-compression-and-static-caching.md): the encoding a client asks for, and the
 * settings shared by the `compression` middleware (server/compression.ts), React Router's answers
 * (server/react-router-answers.ts) and the whole-page compression of app/entry.server.tsx
 * (docs/decisions/198-pages-compressed-whole.md).
 */

export type Encoding = "br" | "gzip";

/** Responses under 1 KB gain less than the header costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli at quality 4 costs about what gzip does and saves more. Its window is 256 KB rather than
 * the default 4 MB: our answers are smaller than that, and each response being compressed holds a
 * window and its hash tables in memory, so a rush of visitors would otherwise cost megabytes each
 * (docs/decisions/103-server-memory-and-start.md).
 */
export const PER_REQUEST_BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 4,
  [constants.BROTLI_PARAM_LGWIN]: 18,
};

/**
 * The encoding to send for an Accept-Encoding header: brotli, then gzip, as the client allows
 * (q=0 refuses; "*" allows both).
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get("*") ?? 0;
  const best = (["br", "gzip"] as const).filter((name) => weight(name) > 0);
  best.sort((a, b) => weight(b) - weight(a));
  return best[0] ?? null;
}

const brotli = promisify<InputType, BrotliOptions, NonSharedBuffer>(brotliCompress);
const gzipAsync = promisify<InputType, NonSharedBuffer>(gzip);

/**
 * A whole body compressed in one call, as the client's Accept-Encoding allows, with the same
 * settings as the middleware; `encoding` is null when it is sent as it is (too small to gain, or
 * the client takes neither).
 */
export async function compressWhole(
  body: NonSharedBuffer,
  acceptEncoding: string | null,
): Promise<{ body: NonSharedBuffer; encoding: Encoding | null }> {
  const encoding = body.length < COMPRESSION_THRESHOLD ? null : preferredEncoding(acceptEncoding);
  if (encoding === "br") {
    const params = {
      ...PER_REQUEST_BROTLI_PARAMS,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    };
    // The thread's, or this one's if the thread failed (it is started again for the next page).
    const compressed = await brotliInThread(body, { params }).catch((error: unknown) => {
      logger.warn(
        { err: error },
        "page compressed on the main thread: the compression thread failed",
      );
      return brotli(body, { params });
    });
    return { body: compressed, encoding };
  }
  if (encoding === "gzip") return { body: await gzipAsync(body), encoding };
  return { body, encoding: null };
}
