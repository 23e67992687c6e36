import { describe, expect, test } from "vitest";
import { TEXT_TO_SPEECH_MESSAGES, toSentences } from "#app/lib/text-to-speech";

describe("text-to-speech sentences", () => {
  test("joins element texts as sentences", () => {
    expect(toSentences(["About us", "We help people.", "Where?", "Call:", "Home"]).join(" ")).toBe(
      "About us. We help people. Where? Call: Home.",
    );
  });

  test("collapses whitespace and drops empty texts", () => {
    expect(toSentences(["  Meal\n   Service  ", "", " \n\t "])).toEqual(["Meal Service."]);
  });

  test("keeps the spec's messages word for word", () => {
    expect(TEXT_TO_SPEECH_MESSAGES).toEqual({
      failed: "Text-to-speech failed. Please try again.",
      noText: "No readable text found on the page",
      unsupported: "Text-to-speech is not supported in your browser",
    });
  });
});
