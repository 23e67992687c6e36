/**
 * A public form's bot check (docs/decisions/071-card-testing-defence.md): the proof of work of
 * the altcha widget (useAltcha in altcha-field.tsx: loading it, its challenge, the solved payload)
 * starts once the visitor, having begun to use the form, pauses (altcha-loader.ts), and a post is
 * held until the solved challenge is in the form. Used by the donation panel and the listing
 * report form. Without JavaScript none of this runs: the form posts as it is and the server applies
 * a stricter limit.
 */
import { type FormEvent, type RefObject, useEffect, useState } from "react";
import { useAltcha } from "./altcha-field";

export function useBotCheck({
  formRef,
  validate,
  lastResult,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  /** The form's own checks on submit; they prevent the default of an invalid submission. */
  validate: (event: FormEvent<HTMLFormElement>) => void;
  /** The page's action data: a reply means the visitor is back at the form, so the check starts. */
  lastResult: unknown;
}) {
  const { widget, start, whenVerified, isVerified } = useAltcha();
  const [waiting, setWaiting] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The fields are checked first; an invalid form stops here.
    validate(event);
    if (event.defaultPrevented || isVerified()) return;
    // Hold the post until the proof of work is in the form, then send it again.
    event.preventDefault();
    setWaiting(true);
    void whenVerified().then(() => {
      setWaiting(false);
      formRef.current?.requestSubmit();
    });
  };

  useEffect(() => {
    if (lastResult) start();
  }, [lastResult, start]);

  return {
    /** The widget's element, rendered inside the form once the check has started. */
    widget,
    /** Asks for the check (the form's focus, pointer-down and input handlers). */
    start,
    /** The form's submit handler: its own checks, then the wait for the proof of work. */
    onSubmit,
    /** True while a post waits for the proof of work. */
    waiting,
  };
}
