/**
 * "Dedicate this gift" in the donation form (docs/decisions/235-dedication-loaded-when-opened.md):
 * a native <details>, so it opens without scripts, whose fields the server renders in full. In
 * the browser its fields' code (dedication-fields.tsx) loads only once the donor opens it: until
 * then the server's markup stays as it is, unhydrated, and the home page's scripts stay small.
 */
import { type ComponentProps, Suspense, use, useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { useLocale } from "#app/i18n/translator";
import type { FieldState } from "#app/lib/form-feedback";
import type { CardPreview } from "#app/lib/tribute-rules";

type FieldsModule = typeof import("./dedication-fields");
let fieldsModule: FieldsModule | undefined;
let fieldsLoading: Promise<FieldsModule> | undefined;

function loadFields(): Promise<FieldsModule> {
  fieldsLoading ??= import("./dedication-fields").then((module) => {
    fieldsModule = module;
    return module;
  });
  return fieldsLoading;
}

// The server loads them as it starts, so its render never waits: a boundary that waited would
// be sent out of place, shown only by a script (app/entry.server.tsx sends the shell first).
if (typeof document === "undefined") void loadFields();

/** The fields, loaded on first use in the browser. */
function DedicationFields(props: ComponentProps<FieldsModule["default"]>) {
  const { default: Fields } = fieldsModule ?? use(loadFields());
  return <Fields {...props} />;
}

/** Per form on the page: whether its dedication was opened, and the wait until it is. */
const gates = new Map<string, { opened: boolean; promise: Promise<void>; open: () => void }>();

function gateOf(formId: string) {
  let gate = gates.get(formId);
  if (!gate) {
    let open = () => {};
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    const created = { opened: false, promise, open: () => {} };
    created.open = () => {
      created.opened = true;
      open();
    };
    gate = created;
    gates.set(formId, gate);
  }
  return gate;
}

/** Renders its children on the server, and in the browser once the dedication was opened. */
function WhenOpened({ formId, children }: { formId: string; children: React.ReactNode }) {
  const gate = gateOf(formId);
  if (typeof document !== "undefined" && !gate.opened) use(gate.promise);
  return children;
}

export function Dedication({
  formId,
  field,
  lastResult,
  open = false,
}: {
  formId: string;
  /** Shown open from the start (/honor-giving). */
  open?: boolean;
  field: (name: string) => FieldState;
  lastResult: unknown;
}) {
  const { t } = useLocale();
  const details = useRef<HTMLDetailsElement>(null);
  const preview =
    (lastResult as { tributePreview?: CardPreview | null } | undefined)?.tributePreview ?? null;
  // Open when the server answered about it: a preview, or a problem with one of its fields.
  const errors = (lastResult as { error?: Record<string, unknown> } | undefined)?.error ?? {};
  const answered =
    preview !== null || Object.keys(errors).some((name) => name.startsWith("tribute"));
  // A render after the first, or any render during a navigation (an answer to another form on the
  // page, which may come before this part of the page is hydrated), updates the fields, which React
  // can only do once they are hydrated: their code loads then, or the navigation would wait for
  // ever on a part that is never opened.
  const hydrated = useRef(false);
  const navigating = useNavigation().state !== "idle";
  if (answered || open || hydrated.current || navigating) gateOf(formId).open();
  useEffect(() => {
    hydrated.current = true;
    // Opened before the page's scripts ran.
    if (details.current?.open) gateOf(formId).open();
  }, [formId]);
  return (
    <details
      ref={details}
      open={answered || open || undefined}
      onToggle={(event) => {
        if (event.currentTarget.open) gateOf(formId).open();
      }}
      className="rounded-lg border border-[var(--color-border)] p-4"
    >
      <summary className="cursor-pointer font-semibold">{t("donation.dedication.summary")}</summary>
      <Suspense fallback={null}>
        <WhenOpened formId={formId}>
          <DedicationFields field={field} preview={preview} />
        </WhenOpened>
      </Suspense>
    </details>
  );
}
