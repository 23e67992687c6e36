import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { serverT } from "#app/i18n/catalogs.server";
import { type Locale, localeFromRequest, localizePath } from "#app/i18n/locales";
import type { TFunction } from "#app/i18n/translator";
import { altchaPayload, verifyAltcha } from "./altcha.server";
import type { FormReply } from "./form-feedback";
import { HONEYPOT_FIELD } from "./honeypot";
import { clientKey, consumeRateLimit } from "./rate-limit.server";
import { redirectWithToast, type Toast } from "./toast.server";

/** A public form's schema for a locale (its translate function, and the locale for formatting). */
export type SchemaFactory<Schema extends z.ZodObject = z.ZodObject> = (
  t: TFunction,
  locale: Locale,
) => Schema;

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

/**
 * The posted form, or a 400 when its body cannot be parsed (a truncated or malformed multipart
 * body makes `request.formData()` throw, which would otherwise be a 500).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ error: "The form could not be read. Please try again." }, { status: 400 });
  }
}

/**
 * A reply refusing the whole form (a rate limit, an upload too large to read), shaped like a schema's
 * reply so the page shows it with the form's own errors. `sent` names the form (its `intent`).
 */
export function formRefusal(message: string, sent: Record<string, string> = {}): FormReply {
  return { status: "error", initialValue: sent, error: { "": [message] } };
}

/** What a public form's handlers know about the submission besides its values. */
export interface PublicFormContext {
  /** The page's locale: the visitor's language, stored with the submission
   * (docs/decisions/114-stored-language.md).
   */
  locale: Locale;
  t: TFunction;
}

type ToastFor<Value> = (value: Value, context: PublicFormContext) => Omit<Toast, "id">;

export interface PublicFormOptions<Schema extends z.ZodObject> {
  /** Names the form in rate limits and logs. */
  name: string;
  /**
   * The form's schema for a locale; the server builds it with the request's
   * (docs/decisions/113-validation-in-the-visitors-language.md).
   */
  schema: SchemaFactory<Schema>;
  /** Where the visitor lands afterwards (usually the page the form is on), in the default locale. */
  redirectTo: string;
  /** The toast shown on success, also given (silently) to a caught bot. */
  successToast: ToastFor<z.output<Schema>>;
  /** Stores the submission; may return a different toast (e.g. "Already subscribed"). */
  save: (
    value: z.output<Schema>,
    context: PublicFormContext,
  ) => Promise<Omit<Toast, "id"> | undefined>;
  limit?: RateLimit;
  /**
   * Set on a form guarded by the proof of work (app/lib/altcha.server.ts): a post carrying a solved
   * challenge has `limit`, one without it (no JavaScript) this stricter limit, as on /donate.
   */
  limitWithoutProof?: RateLimit;
}

type RateLimit = { points: number; durationSeconds: number };

/**
 * The path every public form takes: method and content type, honeypot, rate limit, server-side
 * validation in the page's language, the proof of work where the form has it, save, then a redirect to the same page in that language
 * carrying the toast, so it works with JavaScript switched off.
 */
export async function handlePublicForm<Schema extends z.ZodObject>(
  request: Request,
  options: PublicFormOptions<Schema>,
) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const context: PublicFormContext = { locale, t };
  const redirectTo = localizePath(options.redirectTo, locale);
  const formData = await readForm(request);

  // Asynchronous, for the fields whose checks read a file (a fundraiser's photo).
  const submission = await parseWithZod(formData, {
    schema: options.schema(t, locale),
    async: true,
  });

  // A filled honeypot is a bot: pretend it worked and store nothing.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") {
    const toast =
      submission.status === "success"
        ? options.successToast(submission.value, context)
        : { type: "success" as const, title: t("forms.thankYou") };
    return redirectWithToast(redirectTo, toast);
  }

  const proof = options.limitWithoutProof ? altchaPayload(formData) : null;
  const withoutProof = options.limitWithoutProof !== undefined && proof === null;
  const wait = await consumeRateLimit(
    withoutProof ? `form:${options.name}:no-proof` : `form:${options.name}`,
    clientKey(request),
    (withoutProof ? options.limitWithoutProof : options.limit) ?? {
      points: 20,
      durationSeconds: 600,
    },
  );
  if (wait !== null) {
    return data(
      submission.reply({
        formErrors: [t("forms.tooMany", { minutes: Math.ceil(wait / 60) })],
      }),
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }

  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  if (proof !== null && !(await verifyAltcha(proof))) {
    return data(submission.reply({ formErrors: [t("forms.checkFailed")] }), { status: 400 });
  }

  const toast =
    (await options.save(submission.value, context)) ??
    options.successToast(submission.value, context);
  return redirectWithToast(redirectTo, toast);
}
