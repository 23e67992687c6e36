import { Form, Link } from "react-router";
import { AdminTabError } from "#app/components/admin/tab-error";
import { SubmitButton } from "#app/components/forms";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import type { Route } from "./+types/revisions";
import { revisionsAction, revisionsLoader } from "./revisions.server";

export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

export const loader = async ({ request, params }: Route.LoaderArgs) => ({
  ...(await revisionsLoader(request, params)),
  messages: pageMessages(request, handle),
});

export const action = ({ request, params }: Route.ActionArgs) => revisionsAction(request, params);

export const meta = () => [{ title: "Revisions - Pages - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

type Compared = NonNullable<Route.ComponentProps["loaderData"]["compared"]>;

function Side({ side, label }: { side: Compared["older"]; label: string }) {
  return (
    <div className="min-w-0 flex-1">
      <h4 className="font-bold">{label}</h4>
      <p className="text-sm">
        {side.when}, {side.by}
      </p>
      <ol className="mt-2 space-y-1 font-mono text-sm">
        {side.lines.map((line) => (
          <li
            key={line.number}
            className={line.changed ? "bg-[var(--color-surface-strong)] font-bold" : undefined}
          >
            {line.changed ? <span className="sr-only">Changed: </span> : null}
            {line.text || "\u00a0"}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Every publication of one language, newest first: compare two, restore one as the draft
 * (docs/decisions/281-pages-drafts-and-publishing.md).
 */
export default function Revisions({ loaderData }: Route.ComponentProps) {
  const { page, languageName, revisions, compared, base } = loaderData;
  return (
    <>
      <h2 className="text-2xl font-bold">
        Revisions of {page.path} <span className="font-normal">({languageName})</span>
      </h2>
      <p className="mt-2">
        <Link className="link" to={base}>
          Back to the editor
        </Link>
      </p>
      {revisions.length === 0 ? (
        <p className="card mt-4">Nothing published yet.</p>
      ) : (
        <Form method="get" className="mt-4 space-y-3">
          <table className="w-full border-collapse text-left text-sm [&_td]:border-t [&_td]:border-[var(--color-border)] [&_td]:px-3 [&_td]:py-2 [&_th]:px-3 [&_th]:py-2">
            <caption className="sr-only">Publications, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Compare</th>
                <th scope="col">Published</th>
                <th scope="col">By</th>
                <th scope="col">Title</th>
              </tr>
            </thead>
            <tbody>
              {revisions.map((revision) => (
                <tr key={revision.id}>
                  <td>
                    <input
                      type="checkbox"
                      name="compare"
                      value={revision.id}
                      id={`compare-${revision.id}`}
                      defaultChecked={compared?.ids.includes(revision.id)}
                    />
                    <label htmlFor={`compare-${revision.id}`} className="sr-only">
                      Compare the revision of {revision.when}
                    </label>
                  </td>
                  <td>{revision.when}</td>
                  <td>{revision.by}</td>
                  <td>{revision.title}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="submit" className="btn btn-outline">
            Compare the two checked
          </button>
        </Form>
      )}
      {compared ? (
        <section aria-labelledby="compare-heading" className="card mt-6">
          <h3 id="compare-heading" className="text-xl font-bold">
            Comparison
          </h3>
          <div className="mt-3 flex flex-col gap-6 md:flex-row">
            <Side side={compared.older} label="Older" />
            <Side side={compared.newer} label="Newer" />
          </div>
        </section>
      ) : null}
      {revisions.length > 0 ? (
        <section aria-labelledby="restore-heading" className="mt-6">
          <h3 id="restore-heading" className="text-xl font-bold">
            Restore
          </h3>
          <p>Restoring makes a revision the draft again; nothing is published until you publish.</p>
          <ul className="mt-2 space-y-2">
            {revisions.map((revision) => (
              <li key={revision.id}>
                <Form method="post" className="flex flex-wrap items-center gap-3">
                  <input type="hidden" name="revision" value={revision.id} />
                  <span>
                    {revision.when}: {revision.title}
                  </span>
                  <SubmitButton className="btn btn-outline">
                    Restore<span className="sr-only"> the revision of {revision.when}</span>
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
