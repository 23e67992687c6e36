import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "./secret.server";

/** A token proving the holder received a message about `subject` (e.g. a subscription id). */
export function signToken(purpose: string, subject: string): string {
  const mac = createHmac("sha256", sessionSecret())
    .update(`${purpose}:${subject}`)
    .digest("base64url");
  return `${Buffer.from(subject).toString("base64url")}.${mac}`;
}

/** The subject of a valid token for `purpose`, or null for anything forged or malformed. */
export function verifyToken(purpose: string, token: string): string | null {
  const [encoded, mac] = token.split(".");
  if (!encoded || !mac) return null;
  const subject = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = createHmac("sha256", sessionSecret()).update(`${purpose}:${subject}`).digest();
  const given = Buffer.from(mac, "base64url");
  // Only the one spelling of the signature: base64's last character also carries unused bits.
  if (given.toString("base64url") !== mac) return null;
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return subject;
}
