/**
 * What must never appear in a log line (docs/decisions/133-structured-logs-without-secrets.md): a
 * secret, password, token, card number or a full e-mail address. `logProblems` lists every
 * offending line of a server log, with why.
 */

const SECRET_KEY =
  /pass(word|phrase)?|secret|token|cookie|authorization|api[-_]?key|signature|card|cvc|cvv|otp/i;

const CHECKS: [string, RegExp][] = [
  // A local part that is not masked to one character and "***".
  [
    "a full e-mail address",
    /(?<![A-Za-z0-9._%+-])(?![A-Za-z0-9]\*\*\*@)[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z0-9.-]+/,
  ],
  ["a test card number", /4242[ -]?4242[ -]?4242[ -]?4242|4000[ -]?0000[ -]?0000[ -]?0002/],
  ["an API key", /\b(sk|rk|whsec)_[A-Za-z0-9_]{6,}/],
  ["a session cookie", /session_token=(?!\[redacted\])[^;\s"]+/],
  ["a token in a URL", /[?&](token|code|signature)=(?!\[redacted\])[^&\s"]+/i],
  ["a bearer credential", /\bBearer\s+(?!\[redacted\])\S+/],
];

/** Fields named like secrets must hold nothing but the redaction mark. */
function secretFields(value: unknown, path = ""): string[] {
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const where = path ? `${path}.${key}` : key;
    if (SECRET_KEY.test(key) && item !== "[redacted]") return [`a value under "${where}"`];
    return secretFields(item, where);
  });
}

export interface LogScan {
  /** Lines that are JSON log records. */
  records: Record<string, unknown>[];
  problems: string[];
}

/** Scans a server log: every secret-looking value, and the records themselves for other checks. */
export function scanLog(text: string, knownSecrets: string[]): LogScan {
  const records: Record<string, unknown>[] = [];
  const problems: string[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    const found: string[] = [];
    for (const [name, pattern] of CHECKS) if (pattern.test(line)) found.push(name);
    for (const secret of knownSecrets) if (line.includes(secret)) found.push("a known secret");
    try {
      const record = JSON.parse(line) as Record<string, unknown>;
      records.push(record);
      found.push(...secretFields(record));
    } catch {
      // Plain lines (the start-up banner) are scanned as text only.
    }
    if (found.length > 0)
      problems.push(`line ${index + 1}: ${found.join(", ")}: ${line.slice(0, 300)}`);
  });
  return { records, problems };
}
