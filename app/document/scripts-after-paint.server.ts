import { Transform } from "node:stream";
import { INERT_PRELOAD_ATTRIBUTE, INERT_SCRIPT_TYPE } from "./scripts-after-paint";

/**
 * React Router's markup for its module preloads and module script, and what they become in the
 * HTML sent (docs/decisions/118-scripts-after-the-first-paint.md); `scriptsAfterPaintBootScript`
 * turns them back on.
 */
const REPLACEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['<link rel="modulepreload"', `<link ${INERT_PRELOAD_ATTRIBUTE}="modulepreload"`],
  [' type="module" async=""', ` type="${INERT_SCRIPT_TYPE}"`],
];

/**
 * A stream that replaces fixed ASCII strings in the bytes going through it, wherever the chunks
 * happen to be cut: the last bytes that could begin a match wait for the next chunk. Bytes of
 * multi-byte UTF-8 characters never equal ASCII bytes, so they pass through untouched.
 */
export function replaceInStream(replacements: ReadonlyArray<readonly [string, string]>): Transform {
  const pairs = replacements.map(([from, to]) => [Buffer.from(from), Buffer.from(to)] as const);
  const holdBack = Math.max(...pairs.map(([from]) => from.length)) - 1;
  let pending = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = Buffer.concat([pending, chunk]);
      const parts: Buffer[] = [];
      let position = 0;
      for (;;) {
        // The earliest match of any of the strings from `position` on.
        let found: { at: number; from: Buffer; to: Buffer } | undefined;
        for (const [from, to] of pairs) {
          const at = text.indexOf(from, position);
          if (at !== -1 && (!found || at < found.at)) found = { at, from, to };
        }
        if (!found) break;
        parts.push(text.subarray(position, found.at), found.to);
        position = found.at + found.from.length;
      }
      const kept = Math.min(holdBack, text.length - position);
      parts.push(text.subarray(position, text.length - kept));
      pending = Buffer.from(text.subarray(text.length - kept));
      callback(null, Buffer.concat(parts));
    },
    flush(callback) {
      callback(null, pending);
    },
  });
}

/** The page's HTML with React Router's scripts inert until the first paint. */
export function scriptsAfterPaint(): Transform {
  return replaceInStream(REPLACEMENTS);
}
