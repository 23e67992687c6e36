import { memo, useEffect, useRef, useState } from "react";
import { useLocale } from "#app/i18n/translator";
import {
  COUNTDOWN_TICK_MS,
  type CountdownParts,
  isCountdownOver,
  remainingParts,
} from "#app/site/countdown";
import { parseLaunchAt } from "#app/site/launch";

const UNITS = [
  { key: "days", label: "countdown.days" },
  { key: "hours", label: "countdown.hours" },
  { key: "minutes", label: "countdown.minutes" },
  { key: "seconds", label: "countdown.seconds" },
] as const satisfies { key: keyof CountdownParts; label: string }[];

/**
 * One tile. Memoised on its text: each second only the tiles whose number changed are drawn again
 * (on a slow phone, drawing all four every second could hold up the paint after a keystroke).
 */
const CountdownTile = memo(function CountdownTile({
  unit,
  value,
  label,
}: {
  unit: keyof CountdownParts;
  value: string;
  label: string;
}) {
  return (
    <li className="flex flex-col items-center rounded-lg border-2 border-current px-1 py-3">
      <span className="text-3xl font-bold tabular-nums sm:text-5xl" data-unit={unit}>
        {value}
      </span>
      <span className="text-xs font-semibold uppercase tracking-wide sm:text-sm">{label}</span>
    </li>
  );
});

/**
 * Four tiles counting down to `launchAt`, read in the visitor's own time zone
 * (docs/decisions/014-countdown-rendering.md). The server does
 * not know that zone, so it renders placeholders and the count starts once the page is running in
 * the browser (no hydration mismatch). Ticks every second; shows zeros and stops after the target.
 */
export function Countdown({ launchAt, label }: { launchAt: string; label: string }) {
  const { t } = useLocale();
  const [parts, setParts] = useState<CountdownParts | null>(null);
  // Announce only the end, and only to someone who watched it run (not on every load afterwards).
  const [finishedWhileWatching, setFinishedWhileWatching] = useState(false);
  const wasRunning = useRef(false);

  useEffect(() => {
    const target = parseLaunchAt(launchAt);
    let timer: number | undefined;
    const tick = () => {
      const next = remainingParts(target, new Date());
      setParts(next);
      if (!isCountdownOver(next)) {
        wasRunning.current = true;
        return;
      }
      window.clearInterval(timer);
      if (wasRunning.current) setFinishedWhileWatching(true);
    };
    timer = window.setInterval(tick, COUNTDOWN_TICK_MS);
    tick();
    return () => window.clearInterval(timer);
  }, [launchAt]);

  return (
    <div>
      {/* role="timer" is a live region that stays silent: readable, but not read out every second. */}
      <div role="timer" aria-label={label} data-state={parts ? "running" : "waiting"}>
        <ul className="grid grid-cols-4 gap-2 sm:gap-4">
          {UNITS.map((unit) => (
            <CountdownTile
              key={unit.key}
              unit={unit.key}
              value={parts ? String(parts[unit.key]).padStart(2, "0") : "--"}
              label={t(unit.label)}
            />
          ))}
        </ul>
      </div>
      <p aria-live="polite" className="sr-only">
        {finishedWhileWatching ? t("countdown.ended") : ""}
      </p>
    </div>
  );
}
