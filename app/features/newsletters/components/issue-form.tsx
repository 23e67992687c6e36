import { Form } from "react-router";
import { Field, SubmitButton, TextareaField } from "#app/components/forms";
import type { FieldState } from "#app/lib/form-feedback";

export type IssueValues = Partial<Record<"subjectEn" | "bodyEn" | "subjectEs" | "bodyEs", string>>;
export interface IssueReply {
  errors: Partial<Record<string, string>>;
  values: Partial<Record<string, string>>;
}

export function isIssueReply(value: unknown): value is IssueReply {
  return typeof value === "object" && value !== null && "errors" in value;
}

const SUBJECT_MAX = 200;
const BODY_MAX = 50_000;

/** A field's state from the server's reply: what was sent, and its message. */
export function fieldFrom(
  name: string,
  prefix: string,
  reply: IssueReply | null,
  saved?: string,
): FieldState {
  const error = reply?.errors[name];
  return {
    id: `${prefix}-${name}`,
    name,
    errorId: `${prefix}-${name}-error`,
    errors: error ? [error] : undefined,
    defaultValue: reply?.values[name] ?? saved,
  };
}

/**
 * An issue's subject and body in English and, optionally, Spanish. The body is marked text
 * (app/features/newsletters/body-text.ts), so the form works in any browser without scripts.
 */
export function IssueForm({
  prefix,
  reply,
  saved,
  submitLabel,
  intent,
}: {
  prefix: string;
  reply: IssueReply | null;
  saved?: IssueValues;
  submitLabel: string;
  intent?: string;
}) {
  const field = (name: keyof IssueValues) => fieldFrom(name, prefix, reply, saved?.[name]);
  return (
    <Form method="post" className="mt-4 grid gap-4 md:grid-cols-2" noValidate>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <p id={`${prefix}-format`} className="field-hint md:col-span-2">
        Body: leave a blank line between paragraphs. "## " starts a heading, "- " a bullet, "1. " a
        numbered item; **bold**, *italic*, [words](https://… or /a-page); a line
        ![description](/files/…) is an image with its description. Links may be https:, http:,
        mailto: or a page of this site.
      </p>
      <div className="grid gap-4">
        <Field
          label="Subject in English"
          field={field("subjectEn")}
          required
          maxLength={SUBJECT_MAX}
        />
        <TextareaField
          label="Body in English"
          field={field("bodyEn")}
          rows={12}
          required
          maxLength={BODY_MAX}
        />
      </div>
      <div className="grid gap-4">
        <Field
          label="Subject in Spanish (optional)"
          field={field("subjectEs")}
          maxLength={SUBJECT_MAX}
        />
        <TextareaField
          label="Body in Spanish (optional)"
          field={field("bodyEs")}
          rows={12}
          maxLength={BODY_MAX}
        />
      </div>
      <div className="md:col-span-2">
        <SubmitButton className="btn btn-primary">{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
