import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { assertFormPost } from "#app/lib/forms.server";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { logger } from "#app/lib/logger.server";
import { clientKey, consumeRateLimit } from "#app/lib/rate-limit.server";
import { createDocumentDraft } from "#app/lib/resources.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { uploadFormSchema } from "#app/lib/uploads";
import { refuseOversizedUpload, validateUpload } from "#app/lib/uploads.server";
import type { Route } from "./+types/upload";
import { UploadDocumentForm } from "./upload-form";

export const UPLOAD_LIMIT = { points: 10, durationSeconds: 60 * 60 };

const successToast = {
  type: "success",
  title: "Success",
  description: "Document uploaded and pending admin approval",
} as const;
const FAILED = "Failed to upload document. Please try again.";

function refuse(message: string, status: number, headers?: HeadersInit) {
  const result: SubmissionResult = { status: "error", error: { "": [message] } };
  return data(result, { status, headers });
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  const oversized = await refuseOversizedUpload(request);
  if (oversized) return refuse(oversized.message, oversized.status);

  const wait = await consumeRateLimit("upload", clientKey(request), UPLOAD_LIMIT);
  if (wait !== null) {
    return refuse(
      `Too many uploads from your connection. Please try again in ${Math.ceil(wait / 60)} minute(s).`,
      429,
      { "Retry-After": String(wait) },
    );
  }

  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return refuse("We could not read the upload. Please try again.", 400);
  }

  // A filled honeypot is a bot: pretend it worked and store nothing.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") {
    return redirectWithToast("/resources", successToast);
  }

  const submission = parseWithZod(formData, { schema: uploadFormSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["file"] }), { status: 400 });
  }
  const upload = await validateUpload(submission.value.file);
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
    return data(submission.reply({ hideFields: ["file"], formErrors: [FAILED] }), {
      status: 503,
    });
  }
  return redirectWithToast("/resources", successToast);
}

export function meta() {
  return [{ title: "Upload a Document - Houston Home Foundation" }];
}

export default function UploadPage({ actionData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="mx-auto max-w-xl px-4 py-16">
      <p>
        <Link to="/resources" className="link">
          Back to Resources
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">Upload Document</h1>
      <p className="mt-2 text-[var(--color-muted)]">
        Share a document with our community. It will be listed once our staff approve it.
      </p>
      <div className="card mt-6">
        <UploadDocumentForm lastResult={actionData} />
      </div>
    </main>
  );
}
