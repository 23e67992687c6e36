import { useLocale } from "#app/i18n/translator";
import type { OpeningStatus } from "../hours";
import { type StatusTone, statusText } from "../status-text";

/** Colour is never the only sign: the words say the status, the mark only repeats it. */
const toneMark: Record<StatusTone, string> = { open: "●", soon: "◐", closed: "○", unknown: "?" };
const toneClass: Record<StatusTone, string> = {
  open: "text-[var(--color-success)]",
  soon: "",
  closed: "text-[var(--color-muted)]",
  unknown: "",
};

/** The honest status of a service now, as the server computed it. */
export function StatusLine({ status }: { status: OpeningStatus }) {
  const { t, locale } = useLocale();
  const { text, tone } = statusText(status, locale, t);
  return (
    <p className={`font-semibold ${toneClass[tone]}`} data-status={tone}>
      <span aria-hidden="true">{toneMark[tone]} </span>
      {text}
    </p>
  );
}
