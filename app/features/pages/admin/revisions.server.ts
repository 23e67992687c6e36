import { z } from "zod";
import { formatDisplayDate } from "#app/lib/admin/dates.server";
import { now } from "#app/lib/clock.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { revisionLines } from "../revision-lines";
import { listRevisions, restoreRevision } from "../revisions.server";
import { editedPage, LANGUAGE_NAMES, requirePagesEditor } from "./pages-admin.server";

type Revision = Awaited<ReturnType<typeof listRevisions>>[number];

/** A revision as lines of text: title, summary, then its body as plain text. */
function side(revision: Revision, other: Revision) {
  return {
    when: formatDisplayDate(revision.publishedAt),
    by: revision.publishedBy,
    lines: revisionLines(revision, other),
  };
}

export async function revisionsLoader(
  request: Request,
  params: { id?: string; language?: string },
) {
  await requirePagesEditor(request);
  const { page, language } = await editedPage(params);
  const revisions = await listRevisions(page.id, language);
  const ids = new URL(request.url).searchParams.getAll("compare").slice(0, 2);
  const chosen = revisions.filter((revision) => ids.includes(revision.id));
  const [newer, older] = chosen;
  return {
    page: { id: page.id, path: page.path },
    languageName: LANGUAGE_NAMES[language],
    base: `/admin/pages/${page.id}/${language}`,
    revisions: revisions.map((revision) => ({
      id: revision.id,
      when: formatDisplayDate(revision.publishedAt),
      by: revision.publishedBy,
      title: revision.title,
    })),
    compared:
      newer && older
        ? {
            ids: chosen.map((revision) => revision.id),
            older: side(older, newer),
            newer: side(newer, older),
          }
        : null,
  };
}

const restoreSchema = z.object({ revision: z.uuid() });

export async function revisionsAction(
  request: Request,
  params: { id?: string; language?: string },
) {
  const user = await requirePagesEditor(request);
  assertFormPost(request);
  const { page, language } = await editedPage(params);
  const parsed = restoreSchema.safeParse(Object.fromEntries(await readForm(request)));
  const revisions = parsed.success ? await listRevisions(page.id, language) : [];
  const revision = revisions.find((row) => parsed.success && row.id === parsed.data.revision);
  const editor = `/admin/pages/${page.id}/${language}`;
  if (!revision) {
    return redirectWithToast(`${editor}/revisions`, {
      type: "error",
      title: "That revision could not be restored",
    });
  }
  await restoreRevision(revision.id, user.email, now());
  return redirectWithToast(editor, {
    type: "success",
    title: "Revision restored as the draft",
    description: "Publish it to show it on the site.",
  });
}
