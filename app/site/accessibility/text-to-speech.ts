/** Reads the visible page aloud with the Web Speech API (the panel's 'Text-to-speech' switch). */

/** Catalog keys of its error messages (the English copy is the wording agreed for the site). */
export const TEXT_TO_SPEECH_MESSAGES = {
  failed: "a11y.ttsFailed",
  noText: "a11y.ttsNoText",
  unsupported: "a11y.ttsUnsupported",
} as const;
export type TextToSpeechProblem = keyof typeof TEXT_TO_SPEECH_MESSAGES;

/**
 * What is read: headings, paragraphs, list items and links
 * (docs/decisions/032-accessibility-modes.md).
 */
const READABLE = "h1, h2, h3, h4, h5, h6, p, li, a";

/** Elements inside this marker are never read (the accessibility panel itself). */
export const TEXT_TO_SPEECH_IGNORE_ATTRIBUTE = "data-tts-ignore";

export type ReadAloudEvent =
  | { type: "finished" }
  | { type: "error"; problem: TextToSpeechProblem; resetToggle: boolean };

/** Element texts as sentences: whitespace collapsed, empty ones dropped, a full stop added. */
export function toSentences(texts: readonly string[]): string[] {
  return texts
    .map((text) => text.replace(/\s+/g, " ").trim())
    .filter((text) => text.length > 0)
    .map((text) => (/[.!?:;…]$/.test(text) ? text : `${text}.`));
}

function isVisible(element: HTMLElement) {
  const shown =
    typeof element.checkVisibility === "function"
      ? element.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true })
      : element.getClientRects().length > 0;
  if (!shown) return false;
  // Parked off the page (skip link before focus, honeypot): not visible to a sighted reader.
  const rect = element.getBoundingClientRect();
  return rect.bottom + window.scrollY > 0 && rect.right + window.scrollX > 0;
}

/** The visible readable texts under root, in document order, each read once. */
export function collectReadableSentences(root: ParentNode): string[] {
  const texts: string[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(READABLE)) {
    // A link inside a paragraph (or a list item's link) is already read with its parent.
    if (element.parentElement?.closest(READABLE)) continue;
    if (element.closest(`[${TEXT_TO_SPEECH_IGNORE_ATTRIBUTE}]`)) continue;
    if (!isVisible(element)) continue;
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, without hidden parts
    texts.push(element.innerText);
  }
  return toSentences(texts);
}

/** A voice speaking `lang` ("es" matches "es-MX", "es-US"...), preferring the browser's default. */
export function pickVoice(
  voices: readonly SpeechSynthesisVoice[],
  lang: string,
): SpeechSynthesisVoice | undefined {
  const primary = lang.toLowerCase().split("-")[0];
  const matching = voices.filter((voice) => voice.lang.toLowerCase().split(/[-_]/)[0] === primary);
  return matching.find((voice) => voice.default) ?? matching[0];
}

export function isSpeechSupported() {
  return (
    typeof window !== "undefined" &&
    typeof window.speechSynthesis === "object" &&
    window.speechSynthesis !== null &&
    typeof window.SpeechSynthesisUtterance === "function"
  );
}

/**
 * Reads the page under root aloud. Reports the end of reading, or a problem with its
 * message and whether the switch must turn off. Returns a function that stops reading.
 */
export function readPageAloud(
  root: HTMLElement,
  onEvent: (event: ReadAloudEvent) => void,
): () => void {
  const nothingToStop = () => {};
  if (!isSpeechSupported()) {
    onEvent({ type: "error", problem: "unsupported", resetToggle: true });
    return nothingToStop;
  }
  const sentences = collectReadableSentences(root);
  if (sentences.length === 0) {
    // Only the other two errors reset the switch (docs/decisions/032-accessibility-modes.md).
    onEvent({ type: "error", problem: "noText", resetToggle: false });
    return nothingToStop;
  }

  const synth = window.speechSynthesis;
  let done = false;
  const finish = (event: ReadAloudEvent) => {
    if (done) return;
    done = true;
    synth.cancel();
    onEvent(event);
  };
  const fail = () => finish({ type: "error", problem: "failed", resetToggle: true });

  // Drop anything another page left queued.
  synth.cancel();
  // The page's language picks the voice: a Spanish page is read by a Spanish voice.
  const lang = document.documentElement.lang || "en";
  const voice = pickVoice(synth.getVoices(), lang);
  try {
    // One utterance per sentence: long single utterances are cut off after ~15 s in Chrome.
    sentences.forEach((sentence, index) => {
      const utterance = new SpeechSynthesisUtterance(sentence);
      utterance.lang = voice?.lang ?? lang;
      if (voice) utterance.voice = voice;
      utterance.onerror = (event) => {
        // Our own cancel() interrupts the queue; that is not a failure.
        if (event.error === "interrupted" || event.error === "canceled") return;
        fail();
      };
      if (index === sentences.length - 1) utterance.onend = () => finish({ type: "finished" });
      synth.speak(utterance);
    });
  } catch {
    fail();
  }
  return () => {
    if (done) return;
    done = true;
    synth.cancel();
  };
}
