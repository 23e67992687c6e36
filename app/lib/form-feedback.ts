/**
 * Form validation in the browser without a validation library
 * (docs/decisions/107-validation-without-a-library-in-the-browser.md): the page's inputs carry
 * native constraints (required, type, maxLength, minLength, pattern), and this hook turns the
 * browser's verdict into messages in the page's language, shown next to each field on blur, then as
 * the visitor corrects it, and on submit. The server validates everything again with the form's Zod
 * schema and answers a refused post with a Conform reply, which is shown the same way; without
 * JavaScript the browser's own checks and that reply do the work.
 */
import { type FormEvent, type SyntheticEvent, useEffect, useState } from "react";
import { useLocale } from "#app/i18n/translator";

/** An action's answer to a refused post: the values as sent and the messages by field ("" = form). */
export interface FormReply {
  status?: "success" | "error";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

export type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the browser says about a field beyond its native constraints' generic messages. */
export interface FieldRule {
  /** An empty required field (spaces only count as empty: the server trims). */
  missing?: string;
  /** A value that is not of the field's type or pattern, such as an e-mail address. */
  invalid?: string;
  /** A value shorter than the field's `minLength`. */
  tooShort?: string;
  /** Any other check, given the control and its form (two passwords that must match). */
  check?: (control: FormControl, form: HTMLFormElement) => string | null;
}

/** What a field needs to render itself with its messages. */
export interface FieldState {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  /** The value sent with a refused post, so the visitor does not type it again (no JavaScript). */
  defaultValue?: string;
}

/** A reply to this form; with several forms on a page, the one whose hidden `intent` matches. */
export function isFormReply(value: unknown, intent?: string): value is FormReply {
  if (typeof value !== "object" || value === null || !("initialValue" in value)) return false;
  if (intent === undefined) return true;
  return (value as FormReply).initialValue?.intent === intent;
}

/** An e-mail address ends in a dot and a top-level domain of letters ("name@example.org"). */
const EMAIL_ENDING = /@[^@\s]+\.[A-Za-z]{2,}\s*$/;

function isControl(target: EventTarget | null): target is FormControl {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

interface BrowserFindings {
  /** The reply these findings were made against: a new reply from the server starts over. */
  reply: FormReply | undefined;
  errors: Record<string, string[]>;
}

export function useFormFeedback({
  id,
  lastResult,
  intent,
  rules = {},
}: {
  /** The form element's id; fields' ids derive from it. */
  id: string;
  /** The page's `useActionData()` (or a fetcher's data): only a reply to this form is used. */
  lastResult: unknown;
  intent?: string;
  rules?: Record<string, FieldRule>;
}) {
  const { t } = useLocale();
  // Without JavaScript the browser's own checks stay on; with it, ours speak the page's language.
  // Set on the element, not as a prop: a prop flipping after hydration re-rendered every form on
  // the page in one task (docs/decisions/154-less-work-while-hydrating.md).
  useEffect(() => {
    const form = document.getElementById(id);
    if (form instanceof HTMLFormElement) form.noValidate = true;
  }, [id]);
  const reply = isFormReply(lastResult, intent) ? lastResult : undefined;
  const [findings, setFindings] = useState<BrowserFindings>({ reply, errors: {} });
  const browserErrors = findings.reply === reply ? findings.errors : {};

  const problemOf = (control: FormControl, form: HTMLFormElement): string | null => {
    const rule = rules[control.name] ?? {};
    const validity = control.validity;
    const blank = control.type !== "file" && control.value.trim() === "";
    if (validity.valueMissing || (control.required && blank)) {
      return rule.missing ?? t("validation.required");
    }
    // The browser accepts "ana@example"; the server wants a domain with a top-level part, too.
    const partialEmail = control.type === "email" && !blank && !EMAIL_ENDING.test(control.value);
    if (validity.typeMismatch || validity.patternMismatch || validity.badInput || partialEmail) {
      return rule.invalid ?? t("validation.invalid");
    }
    if (validity.tooShort) return rule.tooShort ?? rule.invalid ?? t("validation.invalid");
    if (validity.tooLong && "maxLength" in control) {
      return t("validation.tooLong", { max: control.maxLength });
    }
    return rule.check?.(control, form) ?? null;
  };

  /** Records the verdict on some fields, keeping the rest as they were. */
  const record = (verdicts: [string, string | null][]) =>
    setFindings((previous) => {
      const errors = { ...(previous.reply === reply ? previous.errors : {}) };
      for (const [name, problem] of verdicts) errors[name] = problem ? [problem] : [];
      return { reply, errors };
    });

  const errorsOf = (name: string): string[] | undefined => {
    const shown = name in browserErrors ? browserErrors[name] : (reply?.error?.[name] ?? undefined);
    return shown && shown.length > 0 ? shown : undefined;
  };

  const checkOne = (event: SyntheticEvent<HTMLFormElement>, onlyIfShown: boolean) => {
    const control = event.target;
    if (!isControl(control) || !control.name || control.type === "hidden") return;
    if (onlyIfShown && !(control.name in browserErrors) && !errorsOf(control.name)) return;
    record([[control.name, problemOf(control, event.currentTarget)]]);
  };

  const fieldsMemo: Record<string, FieldState> = {};
  const field = (name: string): FieldState => {
    fieldsMemo[name] ??= {
      id: `${id}-${name}`,
      name,
      errorId: `${id}-${name}-error`,
      errors: errorsOf(name),
      defaultValue:
        typeof reply?.initialValue?.[name] === "string"
          ? (reply.initialValue[name] as string)
          : undefined,
    };
    return fieldsMemo[name];
  };

  return {
    field,
    /** Errors about the form as a whole (a rate limit, a payment that could not be created). */
    formErrors: errorsOf(""),
    formErrorId: `${id}-error`,
    /** Values of the refused post, for fields the page renders itself. */
    sentValue: (name: string) => field(name).defaultValue,
    /** Spread on the <form>: validation on blur, again while correcting, and on submit. */
    formProps: {
      id,
      onBlur: (event: SyntheticEvent<HTMLFormElement>) => checkOne(event, false),
      onInput: (event: SyntheticEvent<HTMLFormElement>) => checkOne(event, true),
      /** Stops an invalid submission (check `event.defaultPrevented` before doing more). */
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        const form = event.currentTarget;
        const controls = [...form.elements].filter(
          (element): element is FormControl =>
            isControl(element) && element.name !== "" && element.type !== "hidden",
        );
        const verdicts = controls.map(
          (control) => [control.name, problemOf(control, form)] as const,
        );
        record(verdicts.map(([name, problem]) => [name, problem]));
        const firstInvalid = controls.find((_, index) => verdicts[index][1] !== null);
        if (firstInvalid) {
          event.preventDefault();
          firstInvalid.focus();
        }
      },
    },
    /** Empties the form and its messages (after a successful submission). */
    reset: () => {
      setFindings({ reply, errors: {} });
      const form = document.getElementById(id);
      if (form instanceof HTMLFormElement) form.reset();
    },
  };
}
