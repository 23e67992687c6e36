import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, constants } from "node:zlib";
import { afterEach, describe, expect, test } from "vitest";
import { brotliInThread, stopCompressionThread } from "#app/lib/compression-thread.server";
import { compressWhole } from "#app/lib/content-encoding.server";

const QUICK = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const pageNumbered = (n: number) =>
  Buffer.from(`<!doctype html><h1>Page ${n}</h1>${"<p>Beds open tonight.</p>".repeat(100 + n)}`);

afterEach(stopCompressionThread);

describe("brotliInThread", () => {
  test("answers each page with its own compressed bytes, and leaves the caller's page alone", async () => {
    const pages = Array.from({ length: 24 }, (_, n) => pageNumbered(n));
    const compressed = await Promise.all(pages.map((page) => brotliInThread(page, QUICK)));
    compressed.forEach((body, n) => {
      expect(body.length).toBeLessThan(pages[n].length / 5);
      expect(brotliDecompressSync(body).equals(pages[n])).toBe(true);
    });
    // Still readable: the thread was handed a copy.
    expect(pages[3].equals(pageNumbered(3))).toBe(true);
  });

  test("a page inside a larger buffer (Node's pool) is compressed alone", async () => {
    const shared = Buffer.concat([randomBytes(100), pageNumbered(1), randomBytes(100)]);
    const page = shared.subarray(100, shared.length - 100);
    expect(brotliDecompressSync(await brotliInThread(page, QUICK)).equals(pageNumbered(1))).toBe(
      true,
    );
  });

  test("a failed compression rejects, and the next page is compressed", async () => {
    // Node refuses output chunks under 64 bytes.
    await expect(brotliInThread(pageNumbered(1), { chunkSize: 1 })).rejects.toThrow(/chunkSize/);
    expect(
      brotliDecompressSync(await brotliInThread(pageNumbered(2), QUICK)).equals(pageNumbered(2)),
    ).toBe(true);
  });

  test("pages waiting when the thread stops reject; a new thread serves the next", async () => {
    const waiting = brotliInThread(pageNumbered(5), QUICK);
    await stopCompressionThread();
    await expect(waiting).rejects.toThrow(/stopped/);
    expect(
      brotliDecompressSync(await brotliInThread(pageNumbered(6), QUICK)).equals(pageNumbered(6)),
    ).toBe(true);
  });

  test("a thread that ends fails only its own pages, not those of the thread after it", async () => {
    const onTheOld = brotliInThread(pageNumbered(7), QUICK);
    const stopping = stopCompressionThread();
    const onTheNew = brotliInThread(pageNumbered(8), QUICK);
    await stopping;
    await expect(onTheOld).rejects.toThrow(/stopped/);
    expect(brotliDecompressSync(await onTheNew).equals(pageNumbered(8))).toBe(true);
  });

  test("an idle thread does not keep the process from exiting", () => {
    const script = `
      import { brotliInThread } from "./app/lib/compression-thread.server.ts";
      const body = Buffer.from("<p>Warming center open</p>".repeat(500));
      const compressed = await brotliInThread(body, {});
      console.log("compressed", compressed.length < body.length);`;
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: process.cwd(),
        encoding: "utf8",
        timeout: 20_000,
      },
    );
    expect(child.stdout).toContain("compressed true");
    // Ended on its own, well before the timeout's SIGTERM.
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
  });
});

describe("compressWhole with the thread stopping", () => {
  test("a page whose thread stops mid-way is compressed here instead", async () => {
    const page = pageNumbered(9);
    const answer = compressWhole(page, "br");
    await stopCompressionThread();
    const { body, encoding } = await answer;
    expect(encoding).toBe("br");
    expect(brotliDecompressSync(body).equals(page)).toBe(true);
  });
});
