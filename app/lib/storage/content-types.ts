/**
 * The content type of each kind of file the storage keeps, by extension: the library's documents
 * (docs/decisions/040-upload-validation.md) and fundraiser photos, which are WebP
 * (docs/decisions/254-fundraiser-photos.md).
 */
export const DOCUMENT_TYPES = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  txt: "text/plain; charset=utf-8",
} as const;

const STORED_TYPES: Record<string, string> = { ...DOCUMENT_TYPES, webp: "image/webp" };

export function contentTypeForExtension(extension: string): string {
  return Object.hasOwn(STORED_TYPES, extension)
    ? STORED_TYPES[extension]
    : "application/octet-stream";
}
