import { Form, Link } from "react-router";
import { Badge } from "#app/components/admin/badge";
import { ExportForm } from "#app/components/admin/export-form";
import { LoadError } from "#app/components/admin/load-error";
import { AdminTabError } from "#app/components/admin/tab-error";
import { SubmitButton } from "#app/components/forms";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import type { PagePhoto } from "../photo";
import { storyParagraphs } from "../slug";
import type { Route } from "./+types/fundraisers-tab";
import { fundraisersTabAction, fundraisersTabLoader } from "./fundraisers.server";
import { EditText, GiftMoveLog, GiftMoves } from "./staff-tools";
import type { GiftMovesView } from "./staff-tools.server";
import { REASON_MAX } from "./tab";

/** The submit buttons' "sending" words (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms"],
} satisfies PageMessagesHandle;

export const loader = async ({ request }: Route.LoaderArgs) => ({
  ...(await fundraisersTabLoader(request)),
  messages: pageMessages(request, handle),
});

export const action = ({ request }: Route.ActionArgs) => fundraisersTabAction(request);

export const meta = () => [{ title: "Fundraisers - Admin Dashboard" }];

export function ErrorBoundary() {
  return <AdminTabError />;
}

type Row = NonNullable<Route.ComponentProps["loaderData"]["list"]>[number];

const TONES = {
  pending: "warning",
  approved: "success",
  rejected: "error",
} as const;

function toneOf(status: string) {
  return TONES[status as keyof typeof TONES] ?? "muted";
}

function SimpleAction({ row, intent, label }: { row: Row; intent: string; label: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={row.id} />
      <SubmitButton className="btn btn-outline">
        {label}
        <span className="sr-only"> {row.title}</span>
      </SubmitButton>
    </Form>
  );
}

/** The review of a pending page: the guidelines to confirm, then approve; or reject with a reason. */
function Review({ row, guidelines }: { row: Row; guidelines: string[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Form method="post" preventScrollReset className="space-y-2">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="id" value={row.id} />
        <fieldset className="space-y-2">
          <legend className="font-semibold">This page follows the guidelines</legend>
          {guidelines.map((text, index) => (
            <div key={text} className="flex items-start gap-2">
              <input
                id={`guideline-${row.id}-${index}`}
                type="checkbox"
                name="guideline"
                required
                className="mt-1 size-5 shrink-0"
              />
              <label htmlFor={`guideline-${row.id}-${index}`}>{text}</label>
            </div>
          ))}
        </fieldset>
        <SubmitButton className="btn btn-primary">
          Approve<span className="sr-only"> {row.title}</span>
        </SubmitButton>
      </Form>
      <Form method="post" preventScrollReset className="space-y-2">
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="id" value={row.id} />
        <ReasonField id={`reason-${row.id}`} label="Reason, e-mailed to the owner" />
        <SubmitButton className="btn btn-outline">
          Reject<span className="sr-only"> {row.title}</span>
        </SubmitButton>
      </Form>
    </div>
  );
}

/** What the owner changed, for the review's words: the story, the photo, or both. */
function editedParts(row: Row) {
  if (row.pendingStory !== null && row.pendingPhoto) return "story and photo";
  return row.pendingPhoto ? "photo" : "story";
}

/** A page's photo as staff see it (the route serves them any page's photos). */
function StaffPhoto({ photo, alt }: { photo: PagePhoto; alt: string }) {
  return (
    <img
      src={photo.src}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading="lazy"
      className="h-auto max-h-64 w-auto max-w-full rounded"
    />
  );
}

/**
 * The owner's new story or photo of a public page, waiting: accept them, or turn them down with a
 * reason.
 */
function StoryEdit({ row, canDecide }: { row: Row; canDecide: boolean }) {
  const parts = editedParts(row);
  return (
    <section aria-label={`New ${parts} of ${row.title}`} className="space-y-3">
      <h4 className="font-semibold">
        New {parts} waiting for review (the page shows the {parts} above)
      </h4>
      <div className="space-y-2 border-l-4 border-[var(--color-primary)] pl-3">
        {row.pendingPhoto ? (
          <StaffPhoto photo={row.pendingPhoto} alt={`New photo of ${row.title}`} />
        ) : null}
        {storyParagraphs(row.pendingStory ?? "").map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one stored text
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      {canDecide ? (
        <div className="grid gap-4 md:grid-cols-2">
          <SimpleAction row={row} intent="accept-edit" label={`Accept the new ${parts}`} />
          <Form method="post" preventScrollReset className="space-y-2">
            <input type="hidden" name="intent" value="reject-edit" />
            <input type="hidden" name="id" value={row.id} />
            <ReasonField
              id={`edit-reason-${row.id}`}
              label="Reason for turning it down, e-mailed to the owner"
            />
            <SubmitButton className="btn btn-outline">
              Turn down the new {parts}
              <span className="sr-only"> of {row.title}</span>
            </SubmitButton>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

function FundraiserCard({
  row,
  guidelines,
  canDecide,
  moves,
}: {
  row: Row;
  guidelines: string[];
  canDecide: boolean;
  moves: GiftMovesView | null;
}) {
  const isPublic = ["approved", "paused", "closed"].includes(row.status);
  return (
    <li className="card space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-xl font-semibold">
          {isPublic ? (
            <Link to={`/fundraise/${row.slug}`} className="link">
              {row.title}
            </Link>
          ) : (
            row.title
          )}
        </h3>
        <Badge tone={toneOf(row.status)}>{row.statusLabel}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Owner</dt>
        <dd>
          {row.owner} ({row.email}, {row.language})
        </dd>
        <dt className="font-semibold">Goal</dt>
        <dd>
          {row.goal}
          {row.showProgress ? "" : " (not shown)"}
          {row.endDate ? `, ends ${row.endDate}` : ""}
        </dd>
        <dt className="font-semibold">Raised</dt>
        <dd>
          {row.raised} from {row.gifts} {row.gifts === 1 ? "gift" : "gifts"}
        </dd>
        <dt className="font-semibold">Started</dt>
        <dd>{row.created}</dd>
        {row.approvedAt ? (
          <>
            <dt className="font-semibold">Approved</dt>
            <dd>{row.approvedAt}</dd>
          </>
        ) : null}
        {row.rejectionReason ? (
          <>
            <dt className="font-semibold">Rejected because</dt>
            <dd>{row.rejectionReason}</dd>
          </>
        ) : null}
      </dl>
      <details open={row.status === "pending"}>
        <summary className="cursor-pointer font-semibold">Story</summary>
        <div className="mt-2 space-y-2">
          {row.photo ? <StaffPhoto photo={row.photo} alt={`Photo of ${row.title}`} /> : null}
          {storyParagraphs(row.story).map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one stored text
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      </details>
      {row.pendingStory !== null || row.pendingPhoto ? (
        <StoryEdit row={row} canDecide={canDecide} />
      ) : null}
      {canDecide ? <EditText row={row} /> : null}
      {moves ? <GiftMoves row={row} moves={moves} /> : null}
      {canDecide && row.status === "pending" ? <Review row={row} guidelines={guidelines} /> : null}
      {canDecide && row.status !== "pending" ? (
        <div className="flex flex-wrap gap-2">
          {row.status === "approved" ? (
            <SimpleAction row={row} intent="pause" label="Pause" />
          ) : null}
          {row.status === "paused" ? (
            <SimpleAction row={row} intent="reopen" label="Reopen" />
          ) : null}
          {row.status === "approved" || row.status === "paused" ? (
            <SimpleAction row={row} intent="close" label="Close" />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export default function FundraisersTab({ loaderData }: Route.ComponentProps) {
  const { list, loadError, guidelines, canDecide, giftMoves } = loaderData;
  return (
    <>
      <h2 className="sr-only">Fundraisers</h2>
      <LoadError message={loadError} />
      {list ? (
        list.length === 0 ? (
          <p className="card text-[var(--color-muted)]">No fundraisers yet.</p>
        ) : (
          <ul aria-label="Fundraisers, waiting for review first" className="space-y-4">
            {list.map((row) => (
              <FundraiserCard
                key={row.id}
                row={row}
                guidelines={guidelines}
                canDecide={canDecide}
                moves={giftMoves}
              />
            ))}
          </ul>
        )
      ) : null}
      {giftMoves ? <GiftMoveLog moves={giftMoves} /> : null}
      <ExportForm file="fundraisers.csv" label="fundraisers" />
    </>
  );
}

/** A refusal's reason, required: the owner reads it in their e-mail. */
function ReasonField({ id, label }: { id: string; label: string }) {
  return (
    <>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        name="reason"
        required
        maxLength={REASON_MAX}
        rows={3}
        className="field-input"
      />
    </>
  );
}
