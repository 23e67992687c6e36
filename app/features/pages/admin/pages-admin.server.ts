import { data } from "react-router";
import { type Locale, localizePath } from "#app/i18n/locales";
import { formatDisplayDate } from "#app/lib/admin/dates.server";
import { tabRoles } from "#app/lib/admin/tab";
import { type CurrentUser, requireRole } from "#app/lib/auth/session.server";
import { now } from "#app/lib/clock.server";
import { env } from "#app/lib/env.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { toHoustonLocal } from "#app/lib/houston-calendar";
import { parseRichTextJson, type RichTextIssue } from "#app/lib/rich-text";
import { redirectWithToast } from "#app/lib/toast.server";
import { refuseOversizedUpload } from "#app/lib/uploads.server";
import { isPageImage } from "../addresses";
import { imagesOfPage, MAX_IMAGE_BYTES, uploadPageImage } from "../images.server";
import {
  languageState,
  type PageLanguageRow,
  pageById,
  pageLanguage,
  publishDraft,
  saveDraft,
  schedulePublication,
} from "../pages.server";
import { createPreviewToken } from "../preview.server";
import { draftSchema, languageSchema, publishAtSchema } from "./schemas";
import { pagesTab } from "./tab";

/** The staff side of the site's pages (docs/decisions/281-pages-drafts-and-publishing.md). */

export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", es: "Spanish" };

const STATE_NAMES = {
  "not-published": "Not published",
  published: "Published",
  changed: "Published, draft has changes",
  "out-of-date": "Out of date (English published since)",
} as const;

/** A language's state for the tab and the editor. */
export function languageSummary(
  row: PageLanguageRow | undefined,
  english: PageLanguageRow | undefined,
) {
  const state = languageState(row, english);
  return {
    state,
    stateName: STATE_NAMES[state],
    title: row?.draftTitle ?? "",
    scheduled: row?.publishAt ? formatDisplayDate(row.publishAt) : null,
  };
}

export function requirePagesEditor(request: Request): Promise<CurrentUser> {
  return requireRole(request, tabRoles(pagesTab));
}

/** The page and language named by the editor's URL, or a 404. */
export async function editedPage(params: { id?: string; language?: string }) {
  const language = languageSchema.safeParse(params.language);
  const id = params.id ?? "";
  const page = language.success && /^[0-9a-f-]{36}$/.test(id) ? await pageById(id) : null;
  if (!page || !language.success) throw new Response("Not found", { status: 404 });
  const row = await pageLanguage(page.id, language.data);
  if (!row) throw new Response("Not found", { status: 404 });
  const english = language.data === "en" ? row : await pageLanguage(page.id, "en");
  return { page, language: language.data, row, english };
}

export function draftValues(row: PageLanguageRow) {
  return {
    version: row.draftVersion,
    title: row.draftTitle,
    summary: row.draftSummary,
    body: JSON.stringify(row.draftBody, null, 2),
  };
}

export type DraftValues = ReturnType<typeof draftValues>;

export async function pageEditorLoader(
  request: Request,
  params: { id?: string; language?: string },
) {
  await requirePagesEditor(request);
  const { page, language, row, english } = await editedPage(params);
  return {
    page: { id: page.id, path: page.path },
    language,
    languageName: LANGUAGE_NAMES[language],
    publicPath: localizePath(page.path, language),
    values: draftValues(row),
    status: languageSummary(row, english),
    publishedAt: row.publishedAt ? formatDisplayDate(row.publishedAt) : null,
    publishAt: row.publishAt ? toHoustonLocal(row.publishAt) : null,
    draftUpdated: formatDisplayDate(row.draftUpdatedAt),
    draftUpdatedBy: row.draftUpdatedBy,
    images: await imagesOfPage(page.id),
  };
}

/** A refused save: the messages, what was sent (kept in the form), and the other save if any. */
export interface EditorReply {
  errors: string[];
  values?: DraftValues;
  conflict?: DraftValues & { updatedBy: string | null; updatedAt: string };
  previewLink?: string;
  uploadedImage?: { src: string; alt: string };
}

function refusal(errors: string[], values?: DraftValues, status = 400) {
  return data<EditorReply>({ errors, values }, { status });
}

/** A refused body's issue in the editor's words, naming the refused link. */
function issueText(issue: RichTextIssue): string {
  switch (issue.code) {
    case "link":
      return `The link "${issue.link}" is not allowed. Links may go to https:, http:, mailto:, tel: or a page of this site (a path starting with /); a button only to a page of this site.`;
    case "image-source":
      return `The image "${issue.link}" is not one uploaded here. Upload it on this page first.`;
    case "image-alt":
      return "Every image needs its alternative text: say what it shows.";
    default:
      return `The body could not be read as allowed rich text (${issue.message})`;
  }
}

/** An image for the body: stored, then offered to place with its alternative text. */
async function uploadImage(pageId: string, form: FormData) {
  const file = form.get("image");
  const alt = String(form.get("alt") ?? "").trim();
  if (!(file instanceof File) || file.size === 0) return refusal(["Choose an image to upload."]);
  if (alt === "" || alt.length > 500) {
    return refusal(["Describe the image in its alternative text (at most 500 characters)."]);
  }
  const result = await uploadPageImage(pageId, new Uint8Array(await file.arrayBuffer()), alt);
  if (!result.ok) {
    return refusal([
      result.problem === "tooLarge"
        ? "The image is larger than 5 MB."
        : "The file is not a JPEG, PNG or WebP image.",
    ]);
  }
  return data<EditorReply>({ errors: [], uploadedImage: { src: result.src, alt: result.alt } });
}

const back = (pageId: string, language: Locale) => `/admin/pages/${pageId}/${language}`;

export async function pageEditorAction(
  request: Request,
  params: { id?: string; language?: string },
) {
  const user = await requirePagesEditor(request);
  assertFormPost(request);
  // Only the image upload is multipart; its size is checked before the body is read.
  const isUpload = request.headers.get("Content-Type")?.startsWith("multipart/form-data");
  const tooLarge = isUpload
    ? await refuseOversizedUpload(
        request,
        {
          tooLarge: "The image is larger than 5 MB.",
          unreadable: "The upload could not be read. Please try again.",
        },
        MAX_IMAGE_BYTES,
      )
    : null;
  if (tooLarge) return refusal([tooLarge.message], undefined, tooLarge.status);
  const form = await readForm(request);
  const { page, language } = await editedPage(params);
  const intent = String(form.get("intent") ?? "");
  const at = now();

  if (intent === "unschedule") {
    await schedulePublication(page.id, language, null, user.email);
    return redirectWithToast(back(page.id, language), {
      type: "success",
      title: "Schedule cancelled",
      description: `The ${LANGUAGE_NAMES[language]} draft will not publish by itself.`,
    });
  }
  if (intent === "upload-image") return uploadImage(page.id, form);
  if (intent === "preview-link") {
    const token = await createPreviewToken(page.id, language, at);
    const link = new URL(localizePath(`/page-preview/${token}`, language), env().PUBLIC_URL).href;
    return data<EditorReply>({ errors: [], previewLink: link });
  }
  if (intent !== "save" && intent !== "publish" && intent !== "schedule") {
    return refusal(["Choose Save draft, Publish or Publish at."]);
  }

  const parsed = draftSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return refusal(parsed.error.issues.map((issue) => issue.message));
  }
  const sent = parsed.data;
  const sentValues: DraftValues = { ...sent };
  const body = parseRichTextJson(sent.body, { isOwnImage: isPageImage });
  if (!body.ok) return refusal(body.issues.map(issueText), sentValues);
  if (intent !== "save" && sent.title === "") {
    return refusal(["A page needs a title before it is published."], sentValues);
  }
  let publishAt: Date | undefined;
  if (intent === "schedule") {
    const when = publishAtSchema.safeParse({ publishAt: form.get("publishAt") ?? undefined });
    if (!when.success) return refusal([when.error.issues[0].message], sentValues);
    if (when.data.publishAt <= at) {
      return refusal(["Publish at must be later than now (Houston time)."], sentValues);
    }
    publishAt = when.data.publishAt;
  }

  const saved = await saveDraft(
    page.id,
    language,
    sent.version,
    { title: sent.title, summary: sent.summary, body: body.doc },
    user.email,
    at,
  );
  if (!saved.saved) {
    // Nothing was written: the form keeps what was sent, now against the other save's version,
    // so saving again replaces it knowingly.
    const other = draftValues(saved.current);
    return data<EditorReply>(
      {
        errors: [
          "This page was changed since you opened it. Your text was not saved. Compare it with the other version below; saving again replaces that version with yours.",
        ],
        values: { ...sentValues, version: other.version },
        conflict: {
          ...other,
          updatedBy: saved.current.draftUpdatedBy,
          updatedAt: formatDisplayDate(saved.current.draftUpdatedAt),
        },
      },
      { status: 409 },
    );
  }

  if (intent === "publish") {
    const result = await publishDraft(page.id, language, saved.version, user.email, at);
    if (result !== "published") return refusal(["The draft changed while publishing; try again."]);
    return redirectWithToast(back(page.id, language), {
      type: "success",
      title: `${LANGUAGE_NAMES[language]} published`,
      description: `${localizePath(page.path, language)} now shows this version.`,
    });
  }
  if (publishAt) {
    await schedulePublication(page.id, language, publishAt, user.email);
    return redirectWithToast(back(page.id, language), {
      type: "success",
      title: "Draft saved and scheduled",
      description: `The ${LANGUAGE_NAMES[language]} draft publishes by itself at ${formatDisplayDate(publishAt)}.`,
    });
  }
  return redirectWithToast(back(page.id, language), {
    type: "success",
    title: "Draft saved",
    description: "Visitors still see the published version until you publish.",
  });
}
