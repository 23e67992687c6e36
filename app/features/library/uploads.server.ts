import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Database } from "#app/db/client.server";
import { documents } from "#app/db/schema/library";
import {
  ACCEPTED_TYPES,
  type AcceptedExtension,
  checkFileBasics,
  extensionOf,
  type UploadMessages,
  uploadMessages,
} from "./uploads";

export type UploadResult =
  | { ok: true; bytes: Uint8Array; extension: string; mimeType: string; originalName: string }
  | { ok: false; message: string };

/**
 * What file-type reports for genuine files of each extension. The old binary Office formats are
 * all OLE2 compound files, which magic bytes cannot tell apart. Plain text has no magic number.
 */
const EXPECTED_DETECTION: Record<AcceptedExtension, string | null> = {
  pdf: "pdf",
  doc: "cfb",
  xls: "cfb",
  ppt: "cfb",
  docx: "docx",
  xlsx: "xlsx",
  pptx: "pptx",
  txt: null,
};

// Text may hold tab, line feed, form feed and carriage return; other control bytes mean binary.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const BINARY_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !BINARY_CONTROL_CHARACTERS.test(text);
}

/**
 * Checks an uploaded file (a File from request.formData()) by name, size and content
 * (docs/decisions/040-upload-validation.md): the extension must be one of the accepted types,
 * and the bytes must really be that kind of file.
 */
export async function validateUpload(
  file: unknown,
  messages: UploadMessages = uploadMessages,
): Promise<UploadResult> {
  if (!(file instanceof File)) return { ok: false, message: messages.missing };
  const basics = checkFileBasics(file, messages);
  if (basics) return { ok: false, message: basics };

  const originalName = file.name.normalize("NFC").trim();
  const extension = extensionOf(originalName) as AcceptedExtension;
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Re-checked on the bytes actually received.
  const received = checkFileBasics({ name: originalName, size: bytes.byteLength }, messages);
  if (received) return { ok: false, message: received };

  const detected = (await fileTypeFromBuffer(bytes))?.ext ?? null;
  const expected = EXPECTED_DETECTION[extension];
  const genuine =
    expected === null ? detected === null && isPlainText(bytes) : detected === expected;
  if (!genuine) {
    return {
      ok: false,
      message: extension === "txt" ? messages.notText : messages.wrongContent(extension),
    };
  }
  return { ok: true, bytes, extension, mimeType: ACCEPTED_TYPES[extension], originalName };
}

/** Whether a document row holds the stored file `key` (server/startup.ts asks at start). */
export async function documentHoldsFile(database: Database, key: string) {
  const found = await database
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.storageKey, key))
    .limit(1);
  return found.length > 0;
}
