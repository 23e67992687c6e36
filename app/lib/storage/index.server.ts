import { randomBytes } from "node:crypto";
import path from "node:path";
import { env } from "#app/lib/env.server";
import { contentTypeForExtension } from "./content-types";
import { localStorage } from "./local.server";
import { s3Storage } from "./s3.server";
import type { Storage } from "./types";

export { isValidObjectKey, type Storage, type StoredObject } from "./types";

/** A random object name keeping the original extension (lower-cased), e.g. "3f9a...c1.pdf". */
export function newObjectKey(originalFileName: string): string {
  const extension = path
    .extname(originalFileName)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, "")
    .slice(0, 11);
  return `${randomBytes(16).toString("hex")}${extension.length > 1 ? extension : ""}`;
}

let cached: { signature: string; storage: Storage } | undefined;

/**
 * The configured backend: S3-compatible storage when S3_BUCKET is set, else DATA_DIR/uploads.
 * Rebuilt only when the configuration changes (tests switch between the two).
 */
export function storage(): Storage {
  const config = env();
  const signature = JSON.stringify([
    config.S3_BUCKET,
    config.S3_ENDPOINT,
    config.S3_REGION,
    config.S3_ACCESS_KEY_ID,
    config.S3_SECRET_ACCESS_KEY,
    config.DATA_DIR,
  ]);
  if (cached?.signature !== signature) {
    const backend = config.S3_BUCKET
      ? s3Storage({
          bucket: config.S3_BUCKET,
          endpoint: config.S3_ENDPOINT,
          region: config.S3_REGION,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        })
      : localStorage(path.join(config.DATA_DIR, "uploads"), (key) =>
          contentTypeForExtension(path.extname(key).slice(1)),
        );
    cached = { signature, storage: backend };
  }
  return cached.storage;
}

/**
 * The answer for a stored file the visitor may not have, and for one that does not exist: the same
 * 404, so a private file's key reveals nothing, never cached.
 */
export function storedFileNotFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
