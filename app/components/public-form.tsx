import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { useRootData } from "#app/root";

/**
 * Conform set up the same way for every public form: the shared Zod schema validates in the
 * browser (on blur, then as the visitor types) and the server's reply shows its errors.
 * `lastResult` is the page's `useActionData()`; anything that is not a Conform reply is ignored.
 * `intent` (a hidden field of the form) tells this form's submissions and replies apart when a
 * page has several forms.
 *
 * Also answers whether the form is being sent, and empties it after a successful submission:
 * success redirects back with a new success toast, which is the signal (without JavaScript the
 * redirect shows a fresh page anyway).
 */
export function usePublicForm<Schema extends z.ZodObject>(
  schema: Schema,
  {
    id,
    lastResult,
    intent,
    onSuccess,
  }: { id: string; lastResult: unknown; intent?: string; onSuccess?: () => void },
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: isSubmissionResult(lastResult, intent) ? lastResult : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent);

  const sent = useRef(false);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  const toast = useRootData()?.toast;
  useEffect(() => {
    if (submitting) sent.current = true;
  }, [submitting]);
  useEffect(() => {
    if (!toast || !sent.current) return;
    sent.current = false;
    if (toast.type !== "success") return;
    form.reset();
    onSuccessRef.current?.();
  }, [toast, form.reset]);

  return { form, fields, submitting };
}

/** A Conform reply, and when the page has several forms, a reply to the one with this intent. */
function isSubmissionResult(value: unknown, intent?: string): value is SubmissionResult<string[]> {
  if (typeof value !== "object" || value === null || !("initialValue" in value)) return false;
  if (intent === undefined) return true;
  const initial = (value as SubmissionResult<string[]>).initialValue;
  return initial?.intent === intent;
}
