import { logger } from "#app/lib/logger.server";

/** Where an action returns: the page it was posted from (same path and ?page=). */
export function backTo(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * A list for a tab, or its 'Failed to load ...' message when the database fails
 * (docs/decisions/060-dashboard-structure.md).
 */
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
