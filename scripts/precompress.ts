/**
 * Runs after `react-router build`: writes a brotli (.br) and a gzip (.gz) twin beside every
 * compressible static file of the client build, at the strongest settings, so the server sends
 * them without compressing per request (docs/decisions/100-compression-and-static-caching.md).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// woff2, png, jpeg and webp are compressed formats already: a twin would only waste disk.
const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".html",
  ".json",
  ".txt",
  ".xml",
  ".woff",
  ".ico",
]);

function* files(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

function precompress(directory: string) {
  let written = 0;
  for (const file of files(directory)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    const original = readFileSync(file);
    const twins = {
      ".br": brotliCompressSync(original, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: statSync(file).size,
        },
      }),
      ".gz": gzipSync(original, { level: constants.Z_BEST_COMPRESSION }),
    };
    for (const [suffix, bytes] of Object.entries(twins)) {
      // A twin no smaller than the file is never worth choosing.
      if (bytes.length >= original.length) continue;
      writeFileSync(file + suffix, bytes);
      written += 1;
    }
  }
  return written;
}

const buildDirectory = process.env.BUILD_DIR ?? "build";
const count = precompress(path.join(buildDirectory, "client"));
console.log(`precompressed: ${count} files in ${buildDirectory}/client`);
