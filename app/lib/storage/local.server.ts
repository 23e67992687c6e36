import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertValidObjectKey, isValidObjectKey, type Storage } from "./types";

/** `.<key>.<pid>.partial`: a file staged by process <pid> and not committed yet. */
const STAGED_NAME = /^\.(.+)\.(\d+)\.partial$/;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Files in one folder. The content type is not kept beside the file: it follows from the
 * extension, and every key we store has one of the library's extensions.
 */
export function localStorage(folder: string, contentTypeOf: (key: string) => string): Storage {
  const stagedPath = (key: string, pid = process.pid) =>
    path.join(folder, `.${key}.${pid}.partial`);

  const storage: Storage = {
    async put(key, body, contentType) {
      const staged = await storage.stage(key, body, contentType);
      try {
        await staged.commit();
      } catch (error) {
        await staged.discard();
        throw error;
      }
    },

    // Written (and flushed) beside the target, renamed on commit: nobody sees half a file.
    async stage(key, body) {
      assertValidObjectKey(key);
      await mkdir(folder, { recursive: true });
      const partial = stagedPath(key);
      const file = await open(partial, "wx");
      try {
        await file.writeFile(body);
        await file.sync();
      } catch (error) {
        await file.close();
        await rm(partial, { force: true });
        throw error;
      }
      await file.close();
      return {
        commit: () => rename(partial, path.join(folder, key)),
        discard: () => rm(partial, { force: true }),
      };
    },

    async recoverStaged(isReferenced) {
      const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      let committed = 0;
      let removed = 0;
      for (const name of names) {
        const match = STAGED_NAME.exec(name);
        if (!match) continue;
        const [, key, pidText] = match;
        const pid = Number(pidText);
        // Another live process on this machine may be in the middle of this very upload.
        if (pid !== process.pid && processIsAlive(pid)) continue;
        if (isValidObjectKey(key) && (await isReferenced(key))) {
          await rename(stagedPath(key, pid), path.join(folder, key));
          committed++;
        } else {
          await rm(path.join(folder, name), { force: true });
          removed++;
        }
      }
      return { committed, removed };
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
  return storage;
}
