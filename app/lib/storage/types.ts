export interface StoredObject {
  body: Uint8Array | ReadableStream;
  size: number;
  contentType: string;
}

/** Where uploaded files live: a local folder or S3-compatible object storage. */
export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
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
