/**
 * The countdown block's arithmetic (docs/decisions/014-countdown-rendering.md): whole units left
 * until a target moment.
 */

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export const COUNTDOWN_TICK_MS = 1000;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole seconds left until the target; zero once it has passed. */
export function secondsUntil(target: Date, now: Date): number {
  return Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
}

/** Splits a number of seconds into days, hours, minutes and seconds (negative counts as zero). */
export function splitSeconds(totalSeconds: number): CountdownParts {
  const total = Math.max(0, Math.floor(totalSeconds));
  return {
    days: Math.floor(total / DAY),
    hours: Math.floor((total % DAY) / HOUR),
    minutes: Math.floor((total % HOUR) / MINUTE),
    seconds: total % MINUTE,
  };
}

export function remainingParts(target: Date, now: Date): CountdownParts {
  return splitSeconds(secondsUntil(target, now));
}

export function isCountdownOver(parts: CountdownParts): boolean {
  return parts.days === 0 && parts.hours === 0 && parts.minutes === 0 && parts.seconds === 0;
}
