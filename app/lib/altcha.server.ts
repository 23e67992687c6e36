import { createHmac } from "node:crypto";
import { createChallenge, randomInt } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { verify } from "altcha-lib/frameworks/shared";
import { consumeRateLimit } from "#app/lib/rate-limit.server";
import { sessionSecret } from "#app/lib/secret.server";

/**
 * Self-hosted proof of work in front of payment creation (card-testing defence) and of listing
 * reports (docs/decisions/251-proof-of-work-on-listing-reports.md): the browser's altcha widget
 * (app/components/altcha-field.tsx) solves a challenge signed here; no third-party service, nothing
 * to click or read. At most 40,000 hashes (counter x cost) keep a real visitor's wait under a second
 * on an old phone, and solving starts on their first touch of the form; thousands of automated
 * attempts still cost real work, and the rate limits do the rest
 * (docs/decisions/071-card-testing-defence.md).
 */
const ALGORITHM = "SHA-256";
const COST = 10;
const CHALLENGE_MINUTES = 10;

function secrets() {
  const derive = (purpose: string) =>
    createHmac("sha256", sessionSecret()).update(`altcha:${purpose}`).digest("hex");
  return { signature: derive("signature"), keySignature: derive("key-signature") };
}

export async function newAltchaChallenge() {
  const { signature, keySignature } = secrets();
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(1_000, 4_000),
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
}

/**
 * A solved challenge is good once: its id is remembered for as long as it could be valid, in the
 * rate-limit store (Redis when several processes run).
 */
const usedChallenges = {
  async setIfAbsent(id: string) {
    const wait = await consumeRateLimit("altcha-used", id, {
      points: 1,
      durationSeconds: CHALLENGE_MINUTES * 60,
    });
    return wait === null;
  },
  async get() {
    return false;
  },
  async set() {},
};

/**
 * The solved challenge a form carries, or null without one: without JavaScript the widget never
 * runs, and the form's handler applies a stricter rate limit instead.
 */
export function altchaPayload(formData: FormData): string | null {
  const proof = formData.get("altcha");
  return typeof proof === "string" && proof !== "" ? proof : null;
}

/** True when the payload is a fresh, correctly solved challenge of ours. */
export async function verifyAltcha(payload: string): Promise<boolean> {
  const { signature, keySignature } = secrets();
  const result = await verify(payload, deriveKey, signature, keySignature, usedChallenges);
  return result.error === null;
}
