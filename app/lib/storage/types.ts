export interface StoredObject {
  body: Uint8Array | ReadableStream;
  size: number;
  contentType: string;
}

/**
 * A file written but not yet visible under its key (docs/decisions/123-crash-safety-of-writes.md):
 * `commit` once the row that names it is committed, `discard` if that row could not be written.
 */
export interface StagedObject {
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** Where uploaded files live: a local folder or S3-compatible object storage. */
export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  stage(key: string, body: Uint8Array, contentType: string): Promise<StagedObject>;
  /**
   * After a crash: files staged by a process that is gone are committed when `isReferenced` says a
   * row names them, removed otherwise. Object storage has no staging area and nothing to do.
   */
  recoverStaged?(
    isReferenced: (key: string) => Promise<boolean>,
  ): Promise<{ committed: number; removed: number }>;
  /** The object, or null when no object has that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * Keys are names we generate (random hex plus an extension), never visitor input; anything else is
 * refused so a key can never climb out of the folder or bucket prefix.
 */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,99}(\.[a-z0-9]{1,10})?$/;

export function isValidObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertValidObjectKey(key: string) {
  if (!isValidObjectKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}
