import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { HONEYPOT_FIELD } from "./honeypot";
import { clientKey, consumeRateLimit } from "./rate-limit.server";
import { redirectWithToast, type Toast } from "./toast.server";

const FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** Refuses anything but a POST carrying form data, before a byte of it is read. */
export function assertFormPost(request: Request) {
  if (request.method !== "POST") {
    throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  }
  const type = request.headers.get("Content-Type")?.split(";")[0].trim().toLowerCase() ?? "";
  if (!FORM_CONTENT_TYPES.includes(type)) {
    throw data({ error: "Unsupported content type" }, { status: 415 });
  }
}

export interface PublicFormOptions<Schema extends z.ZodType> {
  /** Names the form in rate limits and logs. */
  name: string;
  schema: Schema;
  /** Where the visitor lands afterwards (usually the page the form is on). */
  redirectTo: string;
  /** The toast shown on success, also given (silently) to a caught bot. */
  successToast: Omit<Toast, "id"> | ((value: z.output<Schema>) => Omit<Toast, "id">);
  /** Stores the submission; may return a different toast (e.g. "Already subscribed"). */
  save: (value: z.output<Schema>) => Promise<Omit<Toast, "id"> | undefined>;
  limit?: { points: number; durationSeconds: number };
}

/**
 * The path every public form takes: method and content type, honeypot, rate limit, server-side
 * validation, save, then a redirect carrying the toast so it works with JavaScript switched off.
 */
export async function handlePublicForm<Schema extends z.ZodType>(
  request: Request,
  options: PublicFormOptions<Schema>,
) {
  assertFormPost(request);
  const formData = await request.formData();
  const success = (value: z.output<Schema>) =>
    typeof options.successToast === "function" ? options.successToast(value) : options.successToast;

  const submission = parseWithZod(formData, { schema: options.schema });

  // A filled honeypot is a bot: pretend it worked and store nothing.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") {
    const toast =
      submission.status === "success"
        ? success(submission.value)
        : { type: "success" as const, title: "Thank you" };
    return redirectWithToast(options.redirectTo, toast);
  }

  const wait = await consumeRateLimit(
    `form:${options.name}`,
    clientKey(request),
    options.limit ?? { points: 20, durationSeconds: 600 },
  );
  if (wait !== null) {
    return data(
      submission.reply({
        formErrors: [
          `Too many submissions from your connection. Please try again in ${Math.ceil(wait / 60)} minute(s).`,
        ],
      }),
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }

  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }

  const toast = (await options.save(submission.value)) ?? success(submission.value);
  return redirectWithToast(options.redirectTo, toast);
}
