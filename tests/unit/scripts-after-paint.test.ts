import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, test } from "vitest";
import { replaceInStream, scriptsAfterPaint } from "#app/document/scripts-after-paint.server";

/** What comes out when `input` goes through `stream` cut into chunks of `size` bytes. */
async function through(stream: NodeJS.ReadWriteStream, input: string, size: number) {
  const bytes = Buffer.from(input);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) {
    chunks.push(bytes.subarray(start, start + size));
  }
  return text(Readable.from(chunks).pipe(stream));
}

// React Router's markup, as React writes it (docs/decisions/118-scripts-after-the-first-paint.md).
const PAGE = [
  '<head><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/root-2.js" nonce="n"/><title>Inicio · Año</title></head>',
  '<body><p>Café ½ — 😀</p><script nonce="n" type="module" async="">import "/assets/root-2.js";',
  "</script></body>",
].join("");

describe("scriptsAfterPaint", () => {
  test("makes the module preloads and the module script inert, whatever the chunk size", async () => {
    const expected = PAGE.replaceAll(
      '<link rel="modulepreload"',
      '<link data-after-paint="modulepreload"',
    ).replace(' type="module" async=""', ' type="text/x-after-paint"');
    for (const size of [1, 2, 3, 7, 24, 25, 26, 64, 4096]) {
      expect(await through(scriptsAfterPaint(), PAGE, size), `chunks of ${size}`).toBe(expected);
    }
  });

  test("leaves a page without them byte for byte, multi-byte characters cut anywhere", async () => {
    const page = "<p>Año, café, 😀 — rel=modulepreload type=module</p>".repeat(20);
    for (const size of [1, 2, 5, 4096]) {
      expect(await through(scriptsAfterPaint(), page, size)).toBe(page);
    }
  });
});

describe("replaceInStream", () => {
  test("replaces every match, including one at the very end and a partial one that is not", async () => {
    const replace = () =>
      replaceInStream([
        ["abc", "X"],
        ["de", "YY"],
      ]);
    for (const size of [1, 2, 3, 100]) {
      expect(await through(replace(), "abcabde-ab-d-abc", size)).toBe("XabYY-ab-d-X");
    }
  });
});
