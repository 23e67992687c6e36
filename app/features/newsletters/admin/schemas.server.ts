import { z } from "zod";
import type { NewsletterBody } from "#app/db/schema/newsletters";
import { fromHoustonLocal } from "#app/lib/houston-calendar";
import { parseRichText } from "#app/lib/rich-text";
import { markedTextToDoc } from "../body-text";
import type { IssueInput } from "../issues.server";

/** The Newsletters tab's forms, checked on the server; bodies by the rich-text module's schema. */

export const SUBJECT_MAX = 200;
export const BODY_MAX = 50_000;

/** Images come from the site's own file storage (docs/decisions/292-newsletters-tab-and-role.md). */
const isOwnImage = (src: string) => src.startsWith("/files/");

export type IssueFields = "subjectEn" | "bodyEn" | "subjectEs" | "bodyEs";
export interface IssueFormReply {
  errors: Partial<Record<IssueFields | "sendAt", string>>;
  values: Partial<Record<IssueFields | "sendAt", string>>;
}

function text(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

function body(source: string, label: string, errors: IssueFormReply["errors"], key: IssueFields) {
  if (source.length > BODY_MAX) {
    errors[key] = `${label} must be at most ${BODY_MAX} characters`;
    return null;
  }
  const parsed = parseRichText(markedTextToDoc(source), { isOwnImage });
  if (!parsed.ok) {
    errors[key] = `${label}: ${parsed.issues[0].message}`;
    return null;
  }
  return parsed.doc as NewsletterBody;
}

/** The issue a form describes, or the errors to show beside its fields (nothing is saved). */
export function readIssueForm(
  form: FormData,
): { ok: true; input: IssueInput } | { ok: false; reply: IssueFormReply } {
  const values = {
    subjectEn: text(form, "subjectEn"),
    bodyEn: text(form, "bodyEn"),
    subjectEs: text(form, "subjectEs"),
    bodyEs: text(form, "bodyEs"),
  };
  const errors: IssueFormReply["errors"] = {};
  if (!values.subjectEn) errors.subjectEn = "Subject in English is required";
  if (values.subjectEn.length > SUBJECT_MAX || values.subjectEs.length > SUBJECT_MAX) {
    errors[values.subjectEn.length > SUBJECT_MAX ? "subjectEn" : "subjectEs"] =
      `A subject must be at most ${SUBJECT_MAX} characters`;
  }
  if (!values.bodyEn) errors.bodyEn = "Body in English is required";
  const bodyEn = values.bodyEn ? body(values.bodyEn, "Body in English", errors, "bodyEn") : null;
  const bodyEs = values.bodyEs ? body(values.bodyEs, "Body in Spanish", errors, "bodyEs") : null;
  if (Boolean(values.subjectEs) !== Boolean(values.bodyEs)) {
    errors[values.subjectEs ? "bodyEs" : "subjectEs"] =
      "The Spanish version needs both a subject and a body (or leave both empty)";
  }
  if (Object.keys(errors).length > 0 || !bodyEn) return { ok: false, reply: { errors, values } };
  return {
    ok: true,
    input: {
      subjectEn: values.subjectEn,
      bodyEn,
      subjectEs: values.subjectEs || null,
      bodyEs: values.subjectEs ? bodyEs : null,
    },
  };
}

export const issueIntentSchema = z.enum([
  "save",
  "test",
  "send",
  "schedule",
  "unschedule",
  "pause",
  "resume",
]);

/** A "Send at" Houston date and time, in the future. */
export function readSendAt(
  form: FormData,
  now: Date,
): { ok: true; at: Date } | { ok: false; error: string } {
  const local = text(form, "sendAt");
  const at = local ? fromHoustonLocal(local) : null;
  if (!at) return { ok: false, error: "Send at must be a date and time (Houston)" };
  if (at <= now) return { ok: false, error: "Send at must be in the future" };
  return { ok: true, at };
}
