import { beforeAll, describe, expect, test } from "vitest";
import { signToken, verifyToken } from "#app/lib/tokens.server";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

beforeAll(() => {
  process.env.SESSION_SECRET = "a-test-secret-long-enough-for-hmac-signing";
});

describe("signed tokens", () => {
  test("a token verifies for its purpose only", () => {
    const token = signToken("manage", "dee@example.org|2000000000");
    expect(verifyToken("manage", token)).toBe("dee@example.org|2000000000");
    expect(verifyToken("unsubscribe", token)).toBeNull();
  });

  test("no other spelling of the signature is accepted, not even one decoding to the same bytes", () => {
    const token = signToken("manage", "dee@example.org|2000000000");
    // Every other last character: some differ only in base64's unused low bits.
    const others = [...ALPHABET].filter((character) => character !== token.at(-1));
    for (const character of others) {
      expect(verifyToken("manage", token.slice(0, -1) + character)).toBeNull();
    }
  });
});
