import { data, redirect } from "react-router";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { isNewPagePath, newPagePath, SITE_ADDRESSES } from "../addresses";
import { ensurePage, listPages, pageByPath } from "../pages.server";
import { languageSummary, requirePagesEditor } from "./pages-admin.server";
import { newPageSchema } from "./schemas";

/** The Pages tab: every address staff may write, each language's state, and new addresses. */

export async function pagesTabLoader(request: Request) {
  await requirePagesEditor(request);
  const written = await listPages();
  const byPath = new Map(written.map((page) => [page.path, page]));
  const rows = [
    ...SITE_ADDRESSES.map((path) => ({ path, page: byPath.get(path) })),
    ...written
      .filter((page) => isNewPagePath(page.path))
      .map((page) => ({ path: page.path, page })),
  ].map(({ path, page }) => ({
    // The table's key: one row per address.
    id: path,
    path,
    pageId: page?.id ?? null,
    en: languageSummary(page?.languages.en, page?.languages.en),
    es: languageSummary(page?.languages.es, page?.languages.en),
  }));
  return { rows };
}

/** Opens (making it on first use) the page at a site address or a new /p/ address. */
export async function pagesTabAction(request: Request) {
  await requirePagesEditor(request);
  assertFormPost(request);
  const form = await readForm(request);
  const address = String(form.get("address") ?? "");
  if (form.get("intent") === "open" && SITE_ADDRESSES.includes(address)) {
    const page = await ensurePage(address);
    throw redirect(`/admin/pages/${page.id}/en`);
  }
  const parsed = newPageSchema.safeParse(Object.fromEntries(form));
  const path = parsed.success ? newPagePath(parsed.data.slug) : null;
  if (!path) {
    return data(
      { error: "Address must have letters or digits, such as winter-drive." },
      { status: 400 },
    );
  }
  if (await pageByPath(path)) {
    return data({ error: `A page already has the address ${path}.` }, { status: 400 });
  }
  const page = await ensurePage(path);
  throw redirect(`/admin/pages/${page.id}/en`);
}
