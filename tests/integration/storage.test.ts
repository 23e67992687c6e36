import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { env } from "#app/lib/env.server";
import { newObjectKey, type StoredObject, storage } from "#app/lib/storage/index.server";
import { startS3Fake } from "#tests/s3-fake";

async function bytesOf(object: StoredObject): Promise<Uint8Array> {
  if (object.body instanceof Uint8Array) return object.body;
  return new Uint8Array(await new Response(object.body).arrayBuffer());
}

/** The same contract, whichever backend is configured. */
function storageContract(listKeys: () => Promise<string[]>) {
  test("put, get and delete round-trip the bytes and content type", async () => {
    const key = newObjectKey("Shelter list.pdf");
    const body = new TextEncoder().encode("%PDF-1.4 hello");
    await storage().put(key, body, "application/pdf");
    expect(await listKeys()).toContain(key);

    const object = await storage().get(key);
    expect(object).not.toBeNull();
    expect(object?.size).toBe(body.byteLength);
    expect(object?.contentType).toBe("application/pdf");
    expect(await bytesOf(object as StoredObject)).toEqual(body);

    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    expect(await listKeys()).not.toContain(key);
  });

  test("a missing key reads as null and deletes without error", async () => {
    const key = newObjectKey("missing.txt");
    expect(await storage().get(key)).toBeNull();
    await expect(storage().delete(key)).resolves.toBeUndefined();
  });

  test("keys that could escape the folder or bucket prefix are refused", async () => {
    const body = new Uint8Array([1]);
    for (const key of ["../escape.pdf", "a/b.pdf", "..", ""]) {
      await expect(storage().put(key, body, "application/pdf")).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage().get(key)).rejects.toThrow(/Invalid storage key/);
    }
  });
}

describe("local folder storage (default)", () => {
  const folder = () => path.join(env().DATA_DIR, "uploads");
  storageContract(async () =>
    (await readdir(folder()).catch(() => [])).filter((name) => !name.startsWith(".")),
  );

  test("files land under DATA_DIR/uploads", async () => {
    const key = newObjectKey("notes.txt");
    await storage().put(key, new TextEncoder().encode("hi"), "text/plain");
    expect(await readdir(folder())).toEqual([key]);
    // Served with the type of its extension.
    expect((await storage().get(key))?.contentType).toBe("text/plain; charset=utf-8");
    await storage().delete(key);
  });
});

describe("S3-compatible storage", () => {
  let fake: Awaited<ReturnType<typeof startS3Fake>>;
  beforeAll(async () => {
    fake = await startS3Fake();
  });
  afterAll(async () => {
    await fake.stop();
  });

  storageContract(() => fake.keys());

  test("a bucket that does not exist makes put fail loudly", async () => {
    fake.configure("no-such-bucket");
    try {
      await expect(
        storage().put(newObjectKey("a.pdf"), new Uint8Array([1]), "application/pdf"),
      ).rejects.toThrow();
    } finally {
      fake.configure();
    }
  });
});
