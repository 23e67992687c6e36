/** The Fundraisers tab's page-text editor and gift moves (docs/decisions/225-fundraiser-staff-tools.md). */
import { Form } from "react-router";
import { SubmitButton } from "#app/components/forms";
import { fundraiserLimits } from "../rules";
import type { GiftMovesView } from "./staff-tools.server";
import { NOTE_MAX } from "./tab";

interface Page {
  id: string;
  title: string;
  story: string;
}

/** Editors and admins correct a page's title and story; the page shows them at once. */
export function EditText({ row }: { row: Page }) {
  return (
    <details>
      <summary className="cursor-pointer font-semibold">Edit the page's text</summary>
      <Form method="post" preventScrollReset className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="edit-text" />
        <input type="hidden" name="id" value={row.id} />
        <label htmlFor={`title-${row.id}`} className="field-label">
          Title
        </label>
        <input
          id={`title-${row.id}`}
          name="title"
          required
          maxLength={fundraiserLimits.title}
          defaultValue={row.title}
          className="field-input"
        />
        <label htmlFor={`story-${row.id}`} className="field-label">
          Story
        </label>
        <textarea
          id={`story-${row.id}`}
          name="story"
          required
          minLength={fundraiserLimits.storyMin}
          maxLength={fundraiserLimits.story}
          rows={8}
          defaultValue={row.story}
          className="field-input"
        />
        <SubmitButton className="btn btn-outline">
          Save the text<span className="sr-only"> of {row.title}</span>
        </SubmitButton>
      </Form>
    </details>
  );
}

/** Finance and admins move one of the page's gifts elsewhere, with a note that is logged. */
export function GiftMoves({ row, moves }: { row: Page; moves: GiftMovesView }) {
  const gifts = moves.gifts[row.id] ?? [];
  if (gifts.length === 0) return null;
  return (
    <details>
      <summary className="cursor-pointer font-semibold">Move a gift ({gifts.length})</summary>
      <Form method="post" preventScrollReset className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="move-gift" />
        <label htmlFor={`donation-${row.id}`} className="field-label">
          Gift
        </label>
        <select id={`donation-${row.id}`} name="donation" required className="field-input">
          {gifts.map((gift) => (
            <option key={gift.id} value={gift.id}>
              {gift.label}
            </option>
          ))}
        </select>
        <label htmlFor={`to-${row.id}`} className="field-label">
          Move to
        </label>
        <select id={`to-${row.id}`} name="to" required className="field-input">
          <option value="general">General fund</option>
          {moves.targets
            .filter((target) => target.id !== row.id)
            .map((target) => (
              <option key={target.id} value={target.id}>
                {target.title}
              </option>
            ))}
        </select>
        <label htmlFor={`note-${row.id}`} className="field-label">
          Note (kept in the log)
        </label>
        <textarea
          id={`note-${row.id}`}
          name="note"
          required
          maxLength={NOTE_MAX}
          rows={2}
          className="field-input"
        />
        <SubmitButton className="btn btn-outline">
          Move the gift<span className="sr-only"> from {row.title}</span>
        </SubmitButton>
      </Form>
    </details>
  );
}

/** The latest gift moves, newest first. */
export function GiftMoveLog({ moves }: { moves: GiftMovesView }) {
  if (moves.log.length === 0) return null;
  return (
    <section aria-labelledby="gift-moves-heading" className="card space-y-2">
      <h3 id="gift-moves-heading" className="text-xl font-semibold">
        Latest gift moves
      </h3>
      <ul className="space-y-1">
        {moves.log.map((move) => (
          <li key={move.id}>
            {move.date}: from {move.from} to {move.to}. Note: {move.note}
          </li>
        ))}
      </ul>
    </section>
  );
}
