import pino from "pino";
import { currentRequestContext } from "./request-context.server";

/**
 * Structured logs (pino, one JSON object a line), each carrying the id of the request it belongs
 * to, and never a secret, password, token, card number or full e-mail address
 * (docs/decisions/133-structured-logs-without-secrets.md): every object logged goes through
 * `scrubLogValue` first.
 */

/** Keys whose values are never written, whatever they hold. */
const SECRET_KEY =
  /pass(word|phrase)?|secret|token|cookie|authorization|api[-_]?key|signature|card|cvc|cvv|otp/i;

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
// 13 to 19 digits, optionally grouped by spaces or dashes: the shape of a card number.
const CARD_NUMBER = /\b\d(?:[ -]?\d){12,18}\b/g;
const API_KEY = /\b(sk|rk|pk|whsec)_(live|test)?_?[A-Za-z0-9]{6,}/g;
const TOKEN_PARAMETER = /([?&](?:token|code|signature|key)=)[^&\s"']+/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

/** "jane.doe@example.org" as "j***@example.org": enough to tell donors apart, not to reach one. */
export function maskEmail(email: string): string {
  return email.replace(EMAIL, "$1***@$2");
}

/** The Luhn checksum every card number passes (most other long numbers do not). */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A text with e-mail addresses masked and card numbers, API keys and URL tokens removed. */
export function scrubText(text: string): string {
  return maskEmail(text)
    .replace(CARD_NUMBER, (found) => (passesLuhn(found.replace(/\D/g, "")) ? "[card]" : found))
    .replace(API_KEY, "[key]")
    .replace(TOKEN_PARAMETER, "$1[redacted]")
    .replace(BEARER, "$1 [redacted]");
}

const MAX_DEPTH = 6;

/** A copy of a logged value fit for the logs: secret keys dropped, texts scrubbed. */
export function scrubLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[nested]";
  if (Array.isArray(value)) return value.map((item) => scrubLogValue(item, depth + 1));
  if (value instanceof Date) return value;
  // Type, message, stack and cause, which an Error does not expose as its own fields.
  if (value instanceof Error) return scrubLogValue(pino.stdSerializers.err(value), depth);
  const scrubbed: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    scrubbed[key] = SECRET_KEY.test(key) ? "[redacted]" : scrubLogValue(item, depth + 1);
  }
  return scrubbed;
}

/** The app's logger, writing to `destination` (standard output by default). */
export function createLogger(
  destination?: pino.DestinationStream,
  level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
) {
  return pino(
    {
      level,
      // Errors are serialised (and scrubbed) by the formatter below, wherever they appear.
      serializers: { err: (value: unknown) => value },
      mixin() {
        const context = currentRequestContext();
        return context ? { requestId: context.requestId } : {};
      },
      formatters: {
        log: (object) => scrubLogValue(object) as Record<string, unknown>,
      },
      hooks: {
        // The message text is scrubbed too: a message built from data is as risky as a field.
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === "string" ? scrubText(arg) : arg)) as typeof args,
          );
        },
      },
    },
    destination,
  );
}

export const logger = createLogger();
