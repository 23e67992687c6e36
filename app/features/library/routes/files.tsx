import { documentByStorageKey } from "#app/features/library/resources.server";
import { hasRole } from "#app/lib/auth/session.server";
import { logger } from "#app/lib/logger.server";
import {
  isValidObjectKey,
  storedFileNotFound as notFound,
  storage,
} from "#app/lib/storage/index.server";
import type { Route } from "./+types/files";

/** "Houston shelters (2025)" -> "Houston-shelters-2025", for the download's file name. */
function asciiFileName(title: string, extension: string) {
  const base = title
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9 ._-]+/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/\.+$/, "")
    .slice(0, 100);
  const withoutExtension = base.toLowerCase().endsWith(`.${extension}`)
    ? base.slice(0, -(extension.length + 1))
    : base;
  return `${withoutExtension || "document"}.${extension}`;
}

/**
 * Serves a library file (docs/decisions/042-file-storage-and-downloads.md): published files to
 * everyone, drafts only to library staff; anyone else gets the same 404 as for a file that does
 * not exist. Always as a download; the `X-Content-Type-Options: nosniff` header comes from
 * helmet, on every response (server/app.ts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = params.key;
  if (!isValidObjectKey(key)) return notFound();
  const document = await documentByStorageKey(key);
  if (!document) return notFound();
  // Drafts: only staff who manage the library (editors and admins).
  if (!document.isPublished && !(await hasRole(request, ["editor"]))) return notFound();

  const object = await storage().get(key);
  if (!object) {
    logger.error({ key }, "a document's file is missing from storage");
    return notFound();
  }
  const extension = key.slice(key.lastIndexOf(".") + 1);
  const name = asciiFileName(document.title, extension);
  // RFC 5987 value: percent-encoded UTF-8, including the few marks encodeURIComponent keeps.
  const utf8Name = encodeURIComponent(
    document.title.endsWith(`.${extension}`) ? document.title : `${document.title}.${extension}`,
  ).replace(/['()*]/g, (mark) => `%${mark.charCodeAt(0).toString(16).toUpperCase()}`);
  return new Response(object.body as BodyInit, {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename="${name}"; filename*=UTF-8''${utf8Name}`,
      // Even if a browser rendered it, the file could not run scripts as our site.
      "Content-Security-Policy": "sandbox; default-src 'none'",
      // A draft must not linger in shared caches; a published file may be unpublished later.
      "Cache-Control": document.isPublished ? "public, max-age=300" : "private, no-store",
    },
  });
}
