import { lazy, Suspense } from "react";
import { useHydrated } from "#app/lib/use-hydrated";
import type { RichTextEditorProps } from "./editor-props";

/**
 * The body field of the page editor (docs/decisions/284-the-page-editor.md): a textarea of the
 * body's JSON, which works without scripts; once scripts run, TipTap takes its place, fetched only
 * here, so no public page carries it.
 */
const TipTapEditor = lazy(() => import("./tiptap-editor"));

export function RichTextEditor(props: RichTextEditorProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <JsonField {...props} />;
  return (
    <Suspense fallback={<JsonField {...props} />}>
      <TipTapEditor {...props} />
    </Suspense>
  );
}

function JsonField({ name, label, defaultValue, lang }: RichTextEditorProps) {
  const hintId = `${name}-hint`;
  return (
    <div className="field">
      <label htmlFor={`${name}-json`} className="field-label">
        {label} (rich text as JSON)
      </label>
      <p id={hintId} className="field-hint">
        Headings (levels 2 and 3), paragraphs, bold, italic, links, lists, quotes, images uploaded
        here with their alternative text, and a button to a page of this site.
      </p>
      <textarea
        id={`${name}-json`}
        name={name}
        className="field-input font-mono text-sm"
        rows={18}
        defaultValue={defaultValue}
        aria-describedby={hintId}
        lang={lang}
        spellCheck={false}
      />
    </div>
  );
}
