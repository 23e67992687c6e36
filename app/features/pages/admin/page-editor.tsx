import { Form, Link } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { AdminTabError } from "#app/components/admin/tab-error";
import { ErrorList, SubmitButton } from "#app/components/forms";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { RichTextEditor } from "../components/rich-text-editor";
import type { Route } from "./+types/page-editor";
import { SUMMARY_MAX, TITLE_MAX } from "./limits";
import { pageEditorAction, pageEditorLoader } from "./pages-admin.server";

export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

export const loader = async ({ request, params }: Route.LoaderArgs) => ({
  ...(await pageEditorLoader(request, params)),
  messages: pageMessages(request, handle),
});

export const action = ({ request, params }: Route.ActionArgs) => pageEditorAction(request, params);

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.page.path ?? "Page"} (${data?.languageName ?? ""}) - Pages - Admin Dashboard` },
];

export function ErrorBoundary() {
  return <AdminTabError />;
}

/**
 * One language of a page: its draft, saved, previewed, published at once or at a Houston time
 * (docs/decisions/281-pages-drafts-and-publishing.md). The body is a JSON field the rich-text
 * editor takes over once scripts run (docs/decisions/284-the-page-editor.md).
 */
export default function PageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { page, language, languageName, publicPath, status } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const other = language === "en" ? "es" : "en";
  const base = `/admin/pages/${page.id}/${language}`;
  return (
    <>
      <h2 className="text-2xl font-bold">
        {page.path} <span className="font-normal">({languageName})</span>
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-3">
        <Badge
          tone={
            status.state === "published"
              ? "success"
              : status.state === "not-published"
                ? "muted"
                : "warning"
          }
        >
          {status.stateName}
        </Badge>
        {loaderData.publishedAt ? <span>Published {loaderData.publishedAt}.</span> : null}
        <span>
          Draft saved {loaderData.draftUpdated}
          {loaderData.draftUpdatedBy ? ` by ${loaderData.draftUpdatedBy}` : ""}.
        </span>
      </p>
      <nav aria-label="This page" className="mt-3 flex flex-wrap gap-4">
        <Link className="link" to="/admin/pages">
          All pages
        </Link>
        <Link className="link" to={`/admin/pages/${page.id}/${other}`}>
          {other === "en" ? "English version" : "Spanish version"}
        </Link>
        <Link className="link" to={`${base}/preview`}>
          Preview the saved draft
        </Link>
        <Link className="link" to={`${base}/revisions`}>
          Revisions
        </Link>
        {status.state !== "not-published" ? (
          <a className="link" href={publicPath}>
            Published page
          </a>
        ) : null}
      </nav>

      <div role="alert" className="mt-4">
        {actionData?.errors?.length ? (
          <div className="card border-[var(--color-error)]">
            <ErrorList errors={actionData.errors} />
          </div>
        ) : null}
      </div>

      <Form method="post" className="mt-6 space-y-4" aria-label={`${languageName} draft`}>
        <input type="hidden" name="version" value={values.version} />
        <div className="field">
          <label htmlFor="page-title" className="field-label">
            Title
          </label>
          <input
            id="page-title"
            name="title"
            className="field-input"
            defaultValue={values.title}
            maxLength={TITLE_MAX}
            key={`title-${values.version}`}
          />
        </div>
        <div className="field">
          <label htmlFor="page-summary" className="field-label">
            Summary (search results and share cards)
          </label>
          <textarea
            id="page-summary"
            name="summary"
            className="field-input"
            rows={2}
            defaultValue={values.summary}
            maxLength={SUMMARY_MAX}
            key={`summary-${values.version}`}
          />
        </div>
        <RichTextEditor
          key={`body-${values.version}-${actionData?.conflict ? "conflict" : ""}`}
          name="body"
          label="Body"
          defaultValue={values.body}
          lang={language}
          images={loaderData.images}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className="btn btn-outline">
            Save draft
          </button>
          <button type="submit" name="intent" value="publish" className="btn btn-primary">
            Publish {languageName}
          </button>
        </div>
        <fieldset className="card space-y-3">
          <legend className="font-semibold">Publish at a set time</legend>
          <div className="field">
            <label htmlFor="page-publish-at" className="field-label">
              Publish at (Houston time)
            </label>
            <input
              id="page-publish-at"
              name="publishAt"
              type="datetime-local"
              className="field-input w-auto"
              defaultValue={loaderData.publishAt ?? undefined}
            />
          </div>
          <button type="submit" name="intent" value="schedule" className="btn btn-outline">
            Save and publish at this time
          </button>
        </fieldset>
      </Form>

      {loaderData.publishAt ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="unschedule" />
          <p>Scheduled to publish at {status.scheduled}.</p>
          <SubmitButton className="btn btn-outline">Cancel the schedule</SubmitButton>
        </Form>
      ) : null}

      {actionData?.conflict ? (
        <section aria-labelledby="other-version-heading" className="card mt-6">
          <h3 id="other-version-heading" className="text-xl font-bold">
            The other version, saved {actionData.conflict.updatedAt}
            {actionData.conflict.updatedBy ? ` by ${actionData.conflict.updatedBy}` : ""}
          </h3>
          <p className="mt-2 font-semibold">{actionData.conflict.title}</p>
          <p>{actionData.conflict.summary}</p>
          <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap text-sm">
            {actionData.conflict.body}
          </pre>
        </section>
      ) : null}

      <section aria-labelledby="images-heading" className="card mt-6">
        <h3 id="images-heading" className="text-xl font-bold">
          Images
        </h3>
        <p className="mt-2">
          Upload an image (JPEG, PNG or WebP, at most 5 MB) with words saying what it shows, then
          place it in the body. Save the draft first: the upload reloads the page.
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="upload-image" />
          <div className="field">
            <label htmlFor="page-image" className="field-label">
              Image
            </label>
            <input
              id="page-image"
              name="image"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              required
            />
          </div>
          <div className="field">
            <label htmlFor="page-image-alt" className="field-label">
              Alternative text
            </label>
            <input
              id="page-image-alt"
              name="alt"
              className="field-input"
              required
              maxLength={500}
            />
          </div>
          <SubmitButton className="btn btn-outline">Upload image</SubmitButton>
        </Form>
        {loaderData.images.length > 0 ? (
          <>
            <p className="mt-4">
              Uploaded images, each as the JSON to place in the body (the editor's image button
              offers them too):
            </p>
            <ul className="mt-2 space-y-2">
              {loaderData.images.map((image) => (
                <li key={image.src}>
                  <code className="break-all text-sm">
                    {JSON.stringify({ type: "image", attrs: image })}
                  </code>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section aria-labelledby="preview-link-heading" className="card mt-6">
        <h3 id="preview-link-heading" className="text-xl font-bold">
          Preview link for someone without an account
        </h3>
        <p className="mt-2">
          Shows the saved draft for seven days, until this language is published.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="preview-link" />
          <SubmitButton className="btn btn-outline">Make a preview link</SubmitButton>
        </Form>
        {actionData?.previewLink ? (
          <p className="mt-3">
            <a className="link break-all" href={actionData.previewLink}>
              {actionData.previewLink}
            </a>
          </p>
        ) : null}
      </section>
    </>
  );
}
