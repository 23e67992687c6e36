import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "./env.server";

let cached: string | undefined;

/**
 * The key that signs cookies and tokens: SESSION_SECRET when set (required when several processes
 * run), otherwise one generated on first start and kept in DATA_DIR so restarts keep sessions.
 */
export function sessionSecret(): string {
  if (cached) return cached;
  const configured = env().SESSION_SECRET;
  if (configured) {
    cached = configured;
    return cached;
  }
  const file = path.join(env().DATA_DIR, ".session-secret");
  try {
    cached = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(env().DATA_DIR, { recursive: true });
    cached = randomBytes(32).toString("hex");
    writeFileSync(file, cached, { mode: 0o600 });
  }
  return cached;
}
