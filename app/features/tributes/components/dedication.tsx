/**
 * "Dedicate this gift" in the donation form (docs/decisions/235-dedication-loaded-when-opened.md):
 * a native <details>, so it opens without scripts, whose fields the server renders in full. In
 * the browser its fields' code (dedication-fields.tsx) loads only once the donor opens it: until
 * then React leaves the server's markup of the fields as it is, and the home page's scripts stay
 * small.
 */
import { type ComponentProps, use, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { CardPreview } from "#app/features/tributes/rules";
import { useLocale } from "#app/i18n/translator";
import type { FieldState } from "#app/lib/form-feedback";

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

// The server loads them as it starts, so its render does not wait for them.
if (typeof document === "undefined") void loadFields();

/**
 * The server's markup of the fields, kept while their code is not loaded: React neither hydrates
 * nor touches the inside of an element set by `dangerouslySetInnerHTML`, and rewrites it only when
 * this object changes, hence one object for every render. (A Suspense boundary left waiting would
 * hold up every navigation of the page: React cannot update a boundary it has not hydrated.)
 */
const SERVER_MARKUP = { __html: "" };

function DedicationFields(props: ComponentProps<FieldsModule["default"]>) {
  const { default: Fields } = fieldsModule ?? use(loadFields());
  return <Fields {...props} />;
}

export function Dedication({
  field,
  lastResult,
  open = false,
}: {
  /** Shown open from the start (/honor-giving). */
  open?: boolean;
  field: (name: string) => FieldState;
  lastResult: unknown;
}) {
  const { t } = useLocale();
  const details = useRef<HTMLDetailsElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const carryInto = useRef<((container: HTMLElement | null) => void) | null>(null);
  const preview =
    (lastResult as { tributePreview?: CardPreview | null } | undefined)?.tributePreview ?? null;
  // Open when the server answered about it: a preview, or a problem with one of its fields.
  const errors = (lastResult as { error?: Record<string, unknown> } | undefined)?.error ?? {};
  const answered =
    preview !== null || Object.keys(errors).some((name) => name.startsWith("tribute"));
  // In the browser: whether React renders the fields (their code is loaded) or keeps the server's.
  const [rendered, setRendered] = useState(
    () => typeof document === "undefined" || fieldsModule !== undefined,
  );

  const render = () => {
    if (rendered) return;
    void loadFields().then((module) => {
      carryInto.current = module.carryOver(container.current);
      setRendered(true);
    });
  };

  useEffect(() => {
    // Opened before the page's scripts ran, shown open, answered about, or made in the browser
    // (no server markup to keep): the fields are needed now.
    if (answered || open || details.current?.open || !container.current?.firstChild) render();
  });

  useLayoutEffect(() => {
    if (!rendered) return;
    carryInto.current?.(container.current);
    carryInto.current = null;
  }, [rendered]);

  return (
    <details
      ref={details}
      open={answered || open || undefined}
      onToggle={(event) => {
        if (event.currentTarget.open) render();
      }}
      className="rounded-lg border border-[var(--color-border)] p-4"
    >
      <summary className="cursor-pointer font-semibold">{t("donation.dedication.summary")}</summary>
      {rendered ? (
        <div key="rendered" ref={container}>
          <DedicationFields field={field} preview={preview} />
        </div>
      ) : (
        <div
          key="server"
          ref={container}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: one constant empty string, set by no input
          dangerouslySetInnerHTML={SERVER_MARKUP}
          suppressHydrationWarning
        />
      )}
    </details>
  );
}
