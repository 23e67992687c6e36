import { describe, expect, test } from "vitest";
import { serverT } from "#app/i18n/catalogs.server";
import {
  pickVoice,
  TEXT_TO_SPEECH_MESSAGES,
  toSentences,
} from "#app/site/accessibility/text-to-speech";

describe("text-to-speech sentences", () => {
  test("joins element texts as sentences", () => {
    expect(toSentences(["About us", "We help people.", "Where?", "Call:", "Home"]).join(" ")).toBe(
      "About us. We help people. Where? Call: Home.",
    );
  });

  test("collapses whitespace and drops empty texts", () => {
    expect(toSentences(["  Meal\n   Service  ", "", " \n\t "])).toEqual(["Meal Service."]);
  });

  test("keeps the messages word for word in English", () => {
    const t = serverT("en");
    expect({
      failed: t(TEXT_TO_SPEECH_MESSAGES.failed),
      noText: t(TEXT_TO_SPEECH_MESSAGES.noText),
      unsupported: t(TEXT_TO_SPEECH_MESSAGES.unsupported),
    }).toEqual({
      failed: "Text-to-speech failed. Please try again.",
      noText: "No readable text found on the page",
      unsupported: "Text-to-speech is not supported in your browser",
    });
    expect(serverT("es")(TEXT_TO_SPEECH_MESSAGES.noText)).toBe(
      "No se encontró texto legible en la página",
    );
  });

  test("a Spanish page is read by a Spanish voice, the default one first", () => {
    const voice = (lang: string, isDefault = false) =>
      ({ lang, default: isDefault, name: lang }) as SpeechSynthesisVoice;
    const voices = [voice("en-US", true), voice("es-ES"), voice("es-MX", true)];
    expect(pickVoice(voices, "es")?.lang).toBe("es-MX");
    expect(pickVoice(voices, "en")?.lang).toBe("en-US");
    expect(pickVoice([voice("en-US")], "es")).toBeUndefined();
  });
});
