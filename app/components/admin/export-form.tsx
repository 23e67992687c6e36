import { Download } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Form } from "react-router";

/**
 * Downloads a CSV, optionally for a range of days. A plain GET of a document, so the browser
 * saves the file; an empty export comes back to the tab with a toast. `children` go inside the
 * form under its heading (a tab's filters as hidden fields, and a line saying so).
 */
export function ExportForm({
  file,
  label,
  children,
}: {
  file: string;
  label: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Form
      method="get"
      action={`/admin/export/${file}`}
      reloadDocument
      className="card flex flex-wrap items-end gap-4"
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`} className="w-full text-lg font-semibold">
        Export {label} as CSV
      </h3>
      {children}
      <div className="field">
        <label htmlFor={`${id}-from`} className="field-label">
          From (optional)
        </label>
        <input id={`${id}-from`} name="from" type="date" className="field-input" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`} className="field-label">
          To (optional)
        </label>
        <input id={`${id}-to`} name="to" type="date" className="field-input" />
      </div>
      <button type="submit" className="btn btn-primary">
        <Download aria-hidden="true" size={18} />
        Export {file}
      </button>
    </Form>
  );
}
