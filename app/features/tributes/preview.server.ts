import { data } from "react-router";
import { limits } from "#app/lib/limits";
import type { DedicationCheck } from "./gifts.server";
import { dedicationPreview } from "./gifts.server";

/**
 * The donation form's answer to "Preview the card" (docs/decisions/232-tribute-gifts.md): the
 * form as sent, the dedication's own problems only (a preview asks nothing of the donor's
 * details), and the card as its recipient will read it. Nothing is stored and nothing is paid.
 * Shown by app/features/tributes/components/dedication-fields.tsx, with or without JavaScript.
 */
export function tributePreviewAnswer(
  reply: unknown,
  check: DedicationCheck,
  formData: FormData,
  amountCents: number | null,
) {
  const initialValue = (reply as { initialValue?: unknown }).initialValue ?? null;
  const name = formData.get("donorName");
  const donorName =
    typeof name === "string" && name.trim() !== "" && name.length <= limits.name
      ? name.trim()
      : null;
  const preview =
    check.ok && check.dedication
      ? dedicationPreview(check.dedication, {
          donorName,
          anonymous: formData.get("anonymous") === "on",
          amountCents,
        })
      : null;
  return data(
    { initialValue, error: check.ok ? {} : check.fieldErrors, tributePreview: preview },
    { status: check.ok ? 200 : 400 },
  );
}
