import { parseWithZod } from "@conform-to/zod/v4";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { publishSchema } from "./forms";
import { type LibraryKind, setPublished } from "./library.server";

/** Where an action returns: the page it was posted from (same path and ?page=). */
export function backTo(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** A list for a tab, or the spec's 'Failed to load ...' message when the database fails. */
export async function loadList<T>(
  load: () => Promise<T>,
  failure: string,
): Promise<{ list: T | null; loadError: string | null }> {
  try {
    return { list: await load(), loadError: null };
  } catch (error) {
    logger.error({ err: error }, failure);
    return { list: null, loadError: failure };
  }
}

const statusFailed = { type: "error", title: "Failed to update item status" } as const;

/** The Publish / Unpublish button of a library tab. */
export async function publishAction(request: Request, formData: FormData, kind: LibraryKind) {
  const submission = parseWithZod(formData, { schema: publishSchema });
  if (submission.status !== "success") return redirectWithToast(backTo(request), statusFailed);
  const { id, publish } = submission.value;
  try {
    const title = await setPublished(kind, id, publish);
    if (title === null) return redirectWithToast(backTo(request), statusFailed);
    return redirectWithToast(backTo(request), {
      type: "success",
      title: publish ? "Item published" : "Item unpublished",
      description: publish
        ? `"${title}" is now shown on the public Resources page.`
        : `"${title}" is no longer shown on the public Resources page.`,
    });
  } catch (error) {
    logger.error({ err: error, kind, id }, "publish toggle failed");
    return redirectWithToast(backTo(request), statusFailed);
  }
}
