import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { ErrorList } from "#app/components/forms";
import { formatCents } from "#app/lib/money";

const TEST_CARD_FIELDS = [
  {
    name: "cardNumber",
    label: "Card number",
    autoComplete: "cc-number",
    inputMode: "numeric",
    placeholder: "4242 4242 4242 4242",
  },
  {
    name: "expiry",
    label: "Expiry date (MM/YY)",
    autoComplete: "cc-exp",
    inputMode: "numeric",
    placeholder: "12/30",
  },
  {
    name: "cvc",
    label: "Security code (CVC)",
    autoComplete: "cc-csc",
    inputMode: "numeric",
    placeholder: "123",
  },
] as const;

/**
 * The test payment mode's card form (D8): plain HTML, posted to the payment page's action, which
 * runs the same server path as a real payment. Clearly labelled: nothing is charged.
 */
export function TestCardForm({
  total,
  token,
  lastResult,
}: {
  total: number;
  token: string;
  lastResult?: unknown;
}) {
  const [form, fields] = useForm<{ cardNumber: string; expiry: string; cvc: string }>({
    id: "test-card",
    lastResult: lastResult as SubmissionResult<string[]> | undefined,
    shouldValidate: "onSubmit",
  });
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Card payment" className="space-y-4">
      <p className="rounded-lg border-2 border-dashed border-[var(--color-warning,currentColor)] p-3 font-bold">
        Test mode - no real charge
      </p>
      <p className="text-sm">
        Use the test card 4242 4242 4242 4242 (any future date, any 3 digits). The card 4000 0000
        0000 0002 is declined.
      </p>
      <input type="hidden" name="token" value={token} />
      {TEST_CARD_FIELDS.map((spec) => {
        const field = fields[spec.name];
        const props = getInputProps(field, { type: "text" });
        return (
          <div key={spec.name} className="field">
            <label htmlFor={field.id} className="field-label">
              {spec.label}
            </label>
            <input
              {...props}
              key={props.key}
              required
              autoComplete={spec.autoComplete}
              inputMode={spec.inputMode}
              placeholder={spec.placeholder}
              maxLength={spec.name === "cardNumber" ? 23 : 7}
              aria-describedby={field.errors ? field.errorId : undefined}
              className="field-input"
            />
            <ErrorList id={field.errorId} errors={field.errors} />
          </div>
        );
      })}
      <button type="submit" disabled={busy} className="btn btn-accent w-full text-lg">
        {busy ? "Processing..." : `Pay ${formatCents(total)}`}
      </button>
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}
