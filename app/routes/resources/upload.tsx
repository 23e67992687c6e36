import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { assertFormPost } from "#app/lib/forms.server";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";
import { logger } from "#app/lib/logger.server";
import { clientKey, consumeRateLimit } from "#app/lib/rate-limit.server";
import { createDocumentDraft } from "#app/lib/resources.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { MAX_UPLOAD_BYTES, uploadFormSchema, uploadMessages } from "#app/lib/uploads";
import { validateUpload } from "#app/lib/uploads.server";
import type { Route } from "./+types/upload";
import { UploadDocumentForm } from "./upload-form";

/** Room for the multipart envelope and the text fields around a 10MB file. */
const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 512 * 1024;
/** A far larger body is not read to its end; the connection is closed on it instead. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;
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

/**
 * Reads and drops the rest of a refused body, so the browser gets to see our answer instead of
 * a reset connection.
 */
async function discardBody(request: Request) {
  const reader = request.body?.getReader();
  if (!reader) return;
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > MAX_DRAINED_BYTES) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

export async function action({ request }: Route.ActionArgs) {
  assertFormPost(request);
  // request.formData() holds the whole body in memory: refuse big or unsized bodies unread.
  const declared = request.headers.get("Content-Length");
  if (declared === null || !/^\d+$/.test(declared)) {
    return refuse("We could not read the upload. Please try again.", 411);
  }
  if (Number(declared) > MAX_REQUEST_BYTES) {
    await discardBody(request);
    return refuse(uploadMessages.tooLarge, 413);
  }

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
