import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import {
  COMPRESSION_THRESHOLD,
  compressWhole,
  preferredEncoding,
} from "#app/lib/content-encoding.server";

const page = Buffer.from(`<!doctype html>${"<p>Shelter tonight, meals at six.</p>".repeat(200)}`);

describe("preferredEncoding", () => {
  test("brotli, then gzip, as the client allows", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("deflate")).toBeNull();
    expect(preferredEncoding(null)).toBeNull();
  });
});

describe("compressWhole", () => {
  test("brotli and gzip bodies decode to the page", async () => {
    const brotli = await compressWhole(page, "gzip, deflate, br, zstd");
    expect(brotli.encoding).toBe("br");
    expect(brotli.body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(brotli.body).equals(page)).toBe(true);

    const gzip = await compressWhole(page, "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(page)).toBe(true);
  });

  test("a client taking neither, or a body too small to gain, gets the bytes as they are", async () => {
    expect(await compressWhole(page, "identity")).toEqual({ body: page, encoding: null });
    expect(await compressWhole(page, null)).toEqual({ body: page, encoding: null });
    const small = page.subarray(0, COMPRESSION_THRESHOLD - 1);
    expect(await compressWhole(small, "br")).toEqual({ body: small, encoding: null });
  });
});
