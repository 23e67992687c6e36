import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

/**
 * Sending a form's multipart body with upload progress
 * (docs/decisions/105-upload-progress-and-cancel.md). fetch() cannot report the bytes sent, so the
 * form goes through XMLHttpRequest to the route's own action, asked the way React Router's client
 * asks it: at the `.data` URL, which answers a redirect as data (202) instead of a 302 the XHR
 * would follow, and the action's data encoded as turbo-stream.
 */

/** The action's answer, as React Router's client would act on it. */
export type ActionOutcome =
  | { type: "redirect"; location: string; replace: boolean; reload: boolean }
  | { type: "data"; status: number; data: unknown }
  /** The action threw, or something before React Router answered (rate limit, outage). */
  | { type: "failed"; status: number };

/**
 * The `.data` URL React Router's client posts a form to: "/x" becomes "/x.data", "/" becomes
 * "/_root.data"; the query (`?index`) stays. `action` is the form's resolved action attribute.
 */
export function dataUrlFor(action: string, base: string): URL {
  const url = new URL(action, base);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return url;
}

/** Whole percent of the bytes sent, 0-100. */
export function percentSent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/** Screen readers hear progress every this many percent, not at every event. */
export const ANNOUNCE_STEP = 25;

/** The last step (0, 25, 50, 75, 100) a percentage has reached. */
export function announcedStep(percent: number): number {
  return Math.floor(percent / ANNOUNCE_STEP) * ANNOUNCE_STEP;
}

export class UploadAbortedError extends Error {
  constructor() {
    super("upload aborted");
    this.name = "UploadAbortedError";
  }
}

export class UploadNetworkError extends Error {
  constructor() {
    super("upload failed on the network");
    this.name = "UploadNetworkError";
  }
}

export interface UploadProgressEvents {
  /** Bytes of the request body sent so far, and its total. */
  onProgress: (loaded: number, total: number) => void;
  /** The whole body is sent; the server is now reading and checking it. */
  onSent: () => void;
}

/**
 * Posts `body` to the action behind `action` (a form's action attribute) and resolves with what
 * React Router answered. `abort()` stops the transfer; the promise then rejects with
 * UploadAbortedError (a body cut short is never stored: the action cannot read the form).
 */
export function sendWithProgress(
  action: string,
  body: FormData,
  events: UploadProgressEvents,
): { done: Promise<ActionOutcome>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ActionOutcome>((resolve, reject) => {
    xhr.open("POST", dataUrlFor(action, window.location.href));
    xhr.responseType = "blob";
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) events.onProgress(event.loaded, event.total);
    });
    xhr.upload.addEventListener("load", () => events.onSent());
    xhr.addEventListener("abort", () => reject(new UploadAbortedError()));
    xhr.addEventListener("error", () => reject(new UploadNetworkError()));
    xhr.addEventListener("load", () => {
      readActionResponse(xhr.status, xhr.getResponseHeader("X-Remix-Response"), xhr.response)
        .then(resolve)
        .catch(() => resolve({ type: "failed", status: xhr.status }));
    });
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}

/**
 * Decodes a `.data` answer to a form post. Only React Router's own answers (X-Remix-Response)
 * carry turbo-stream; anything else (a rate limit, the outage page) is a failure.
 */
export async function readActionResponse(
  status: number,
  remixResponse: string | null,
  body: Blob,
): Promise<ActionOutcome> {
  if (remixResponse === null) return { type: "failed", status };
  const { value } = await decodeViaTurboStream(body.stream(), globalThis);
  if (typeof value !== "object" || value === null) return { type: "failed", status };
  if ("redirect" in value && typeof value.redirect === "string") {
    const { redirect, replace, reload } = value as { redirect: string; [flag: string]: unknown };
    return {
      type: "redirect",
      location: redirect,
      replace: replace === true,
      reload: reload === true,
    };
  }
  if ("data" in value) return { type: "data", status, data: value.data };
  return { type: "failed", status };
}
