/**
 * The body field of the page editor: a textarea of the body's JSON, which works without scripts
 * (docs/decisions/284-the-page-editor.md).
 */
export function RichTextEditor({
  name,
  label,
  defaultValue,
  lang,
}: {
  name: string;
  label: string;
  defaultValue: string;
  lang: string;
}) {
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
