import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertValidObjectKey, type Storage } from "./types";

/**
 * Files in one folder. The content type is not kept beside the file: it follows from the
 * extension, and every key we store has one of the library's extensions.
 */
export function localStorage(folder: string, contentTypeOf: (key: string) => string): Storage {
  return {
    async put(key, body) {
      assertValidObjectKey(key);
      await mkdir(folder, { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const partial = path.join(folder, `.${key}.${process.pid}.partial`);
      try {
        await writeFile(partial, body, { flag: "wx" });
        await rename(partial, path.join(folder, key));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key) {
      assertValidObjectKey(key);
      const file = path.join(folder, key);
      const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      if (!info?.isFile()) return null;
      return {
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        size: info.size,
        contentType: contentTypeOf(key),
      };
    },

    async delete(key) {
      assertValidObjectKey(key);
      await rm(path.join(folder, key), { force: true });
    },
  };
}
