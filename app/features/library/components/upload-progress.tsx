import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  announcedStep,
  percentSent,
  sendWithProgress,
  UploadAbortedError,
} from "#app/features/library/upload-progress";
import { numberFormat } from "#app/i18n/formats";
import { localeTags } from "#app/i18n/locales";
import { useLocale } from "#app/i18n/translator";
import { useRootData } from "#app/lib/root-data";

export type UploadState =
  | { status: "idle" }
  /** Bytes are on their way; `percent` of the body is sent. */
  | { status: "sending"; percent: number }
  /** The body is sent: the server checks and stores it, or the next page loads. */
  | { status: "checking" }
  | { status: "cancelled" }
  | { status: "failed" };

/**
 * A form upload with progress and cancel (docs/decisions/105-upload-progress-and-cancel.md).
 * `submit` goes in the form's onSubmit after the form's own checks: when they let the submission through it sends the form
 * with XMLHttpRequest instead, then acts on the answer as React Router would (follows a redirect,
 * so the flash toast shows; hands back the action's data as `result`, for the form's errors).
 * Without JavaScript the form posts as it always did.
 */
export function useUploadWithProgress<Result = unknown>() {
  const navigate = useNavigate();
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const [result, setResult] = useState<Result>();
  const abortRef = useRef<(() => void) | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const redirected = useRef(false);

  // Leaving the page stops a transfer nobody will see the end of.
  useEffect(() => () => abortRef.current?.(), []);

  const submit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      // The form's own checks refused it and show why.
      if (event.defaultPrevented) return;
      event.preventDefault();
      const form = event.currentTarget;
      formRef.current = form;
      redirected.current = false;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const body = new FormData(form, submitter);
      const action = form.getAttribute("action") ?? window.location.pathname;
      const { done, abort } = sendWithProgress(action, body, {
        onProgress: (loaded, total) => {
          setState({ status: "sending", percent: percentSent(loaded, total) });
        },
        onSent: () => setState({ status: "checking" }),
      });
      abortRef.current = abort;
      setState({ status: "sending", percent: 0 });
      done.then(
        async (outcome) => {
          abortRef.current = null;
          if (outcome.type === "redirect") {
            const target = new URL(outcome.location, window.location.href);
            if (outcome.reload || target.origin !== window.location.origin) {
              window.location.assign(target);
              return;
            }
            redirected.current = true;
            // As after any redirect, the form has no reply from its action any more.
            setResult(undefined);
            // The navigation runs the loaders again: the root's reads the flash toast.
            await navigate(target.pathname + target.search + target.hash, {
              replace: outcome.replace,
            });
            setState({ status: "idle" });
          } else if (outcome.type === "data") {
            setResult(outcome.data as Result);
            setState({ status: "idle" });
          } else {
            setState({ status: "failed" });
          }
        },
        (error) => {
          abortRef.current = null;
          setState({ status: error instanceof UploadAbortedError ? "cancelled" : "failed" });
        },
      );
    },
    [navigate],
  );

  const cancel = useCallback(() => abortRef.current?.(), []);

  // Like every form: emptied after it succeeded, which the success toast after the redirect says.
  const toast = useRootData()?.toast;
  useEffect(() => {
    if (!toast || !redirected.current) return;
    redirected.current = false;
    if (toast.type === "success") formRef.current?.reset();
  }, [toast]);

  // Cancel disappears with the transfer: focus goes back to the form's button, enabled again.
  useEffect(() => {
    if (state.status !== "cancelled") return;
    formRef.current?.querySelector<HTMLButtonElement>("button[type=submit]")?.focus();
  }, [state.status]);

  const busy = state.status === "sending" || state.status === "checking";
  return { state, busy, result, submit, cancel };
}

/**
 * The upload's progress: a native <progress> labelled "Uploading… 42%", a Cancel button while
 * bytes are on their way, and one polite live region that says every 25% (not every event), then
 * that the file is being checked, or that the upload was cancelled or failed.
 */
export function UploadProgress({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  const { t, locale } = useLocale();
  const id = useId();
  const percent = (value: number) =>
    numberFormat(localeTags[locale], { style: "percent" }).format(value / 100);
  return (
    <div className="space-y-2 md:col-span-2">
      {state.status === "sending" ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-48 grow">
            <label htmlFor={id} className="text-sm">
              {t("uploadProgress.sending", { percent: percent(state.percent) })}
            </label>
            <progress id={id} max={100} value={state.percent} className="block w-full" />
          </div>
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t("uploadProgress.cancel")}
          </button>
        </div>
      ) : null}
      {state.status === "checking" ? (
        <div>
          <label htmlFor={id} className="text-sm">
            {t("uploadProgress.checking")}
          </label>
          {/* No value: the browser shows it as busy for as long as the server works. */}
          <progress id={id} max={100} className="block w-full" />
        </div>
      ) : null}
      <div role="status" className="text-sm">
        {state.status === "sending" ? (
          <span className="sr-only">
            {t("uploadProgress.sending", { percent: percent(announcedStep(state.percent)) })}
          </span>
        ) : null}
        {state.status === "checking" ? (
          <span className="sr-only">{t("uploadProgress.checking")}</span>
        ) : null}
        {state.status === "cancelled" ? <p>{t("uploadProgress.cancelled")}</p> : null}
        {state.status === "failed" ? (
          <p className="text-[var(--color-error)]">{t("uploadProgress.failed")}</p>
        ) : null}
      </div>
    </div>
  );
}
