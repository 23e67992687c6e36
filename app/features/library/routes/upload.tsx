import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { UploadDocumentForm } from "#app/features/library/components/upload-form";
import { createDocumentDraft } from "#app/features/library/resources.server";
import { uploadFormSchemaWith } from "#app/features/library/upload-schema";
import { MAX_UPLOAD_BYTES, uploadMessagesFor } from "#app/features/library/uploads";
import { validateUpload } from "#app/features/library/uploads.server";
import { serverT } from "#app/i18n/catalogs.server";
import { localeFromRequest, localizePath } from "#app/i18n/locales";
import type { PageMessagesHandle } from "#app/i18n/page-messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { type TFunction, useLocale } from "#app/i18n/translator";
import { assertFormPost, formRefusal } from "#app/lib/form-actions.server";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { logger } from "#app/lib/logger.server";
import { clientKey, consumeRateLimit } from "#app/lib/rate-limit.server";
import { pageMeta } from "#app/lib/seo";
import { redirectWithToast } from "#app/lib/toast.server";
import { refuseOversizedUpload } from "#app/lib/uploads.server";
import type { Route } from "./+types/upload";

/** The messages this page draws beyond the shell's (docs/decisions/153-messages-per-page.md). */
export const handle = {
  messages: ["forms", "meta", "resources", "toast", "uploadProgress", "uploads", "validation"],
} satisfies PageMessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, handle) };
}

export const UPLOAD_LIMIT = { points: 10, durationSeconds: 60 * 60 };

function successToast(t: TFunction) {
  return {
    type: "success",
    title: t("resources.upload.successTitle"),
    description: t("resources.upload.successDescription"),
  } as const;
}

function refuse(message: string, status: number, headers?: HeadersInit) {
  return data(formRefusal(message), { status, headers });
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const locale = localeFromRequest(request);
  const t = serverT(locale);
  const messages = uploadMessagesFor(t);
  const backToResources = localizePath("/resources", locale);
  const oversized = await refuseOversizedUpload(request, messages, MAX_UPLOAD_BYTES);
  if (oversized) return refuse(oversized.message, oversized.status);

  const wait = await consumeRateLimit("upload", clientKey(request), UPLOAD_LIMIT);
  if (wait !== null) {
    return refuse(t("resources.upload.tooMany", { minutes: Math.ceil(wait / 60) }), 429, {
      "Retry-After": String(wait),
    });
  }

  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return refuse(messages.unreadable, 400);
  }

  // A filled honeypot is a bot: pretend it worked and store nothing.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") {
    return redirectWithToast(backToResources, successToast(t));
  }

  const submission = parseWithZod(formData, { schema: uploadFormSchemaWith(messages) });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["file"] }), { status: 400 });
  }
  const upload = await validateUpload(submission.value.file, messages);
  if (!upload.ok) {
    return data(
      submission.reply({ hideFields: ["file"], fieldErrors: { file: [upload.message] } }),
      { status: 400 },
    );
  }

  try {
    await createDocumentDraft(upload, {
      title: submission.value.title,
      description: submission.value.description,
    });
  } catch (error) {
    logger.error({ err: error, requestId: request.headers.get("x-request-id") }, "upload failed");
    return data(
      submission.reply({ hideFields: ["file"], formErrors: [t("resources.upload.failed")] }),
      {
        status: 503,
      },
    );
  }
  return redirectWithToast(backToResources, successToast(t));
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, (t) => ({
    title: t("meta.upload.title"),
    description: t("meta.upload.description"),
    image: "resources",
  }));
}

export default function UploadPage({ actionData }: Route.ComponentProps) {
  const { t, href } = useLocale();
  return (
    <main id="main-content" className="mx-auto max-w-xl px-4 py-16">
      <p>
        <Link to={href("/resources")} className="link">
          {t("resources.upload.back")}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t("resources.upload.button")}</h1>
      <p className="mt-2 text-[var(--color-muted)]">{t("resources.upload.intro")}</p>
      <div className="card mt-6">
        <UploadDocumentForm lastResult={actionData} />
      </div>
    </main>
  );
}
