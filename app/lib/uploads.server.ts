/**
 * The size guard of every upload form (the library's documents, fundraiser photos): a body is
 * refused before `request.formData()` reads it into memory.
 */

/** Room for the multipart envelope and the text fields around the file. */
const ENVELOPE_BYTES = 512 * 1024;
/** A far larger body is not read to its end; the connection is closed on it instead. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops the rest of a refused body, so the browser gets to see our answer instead of
 * a reset connection.
 */
async function discardBody(request: Request) {
  const reader = request.body?.getReader();
  if (!reader) return;
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > MAX_DRAINED_BYTES) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * `request.formData()` holds the whole body in memory, so an upload whose size is not declared, or
 * is declared above the limit (a file of `maxFileBytes` and the form around it), is refused before
 * it is read. Returns the refusal, or null to go on.
 */
export async function refuseOversizedUpload(
  request: Request,
  messages: { tooLarge: string; unreadable: string },
  maxFileBytes: number,
): Promise<{ message: string; status: 411 | 413 } | null> {
  const declared = request.headers.get("Content-Length");
  if (declared === null || !/^\d+$/.test(declared)) {
    return { message: messages.unreadable, status: 411 };
  }
  if (Number(declared) > maxFileBytes + ENVELOPE_BYTES) {
    await discardBody(request);
    return { message: messages.tooLarge, status: 413 };
  }
  return null;
}
