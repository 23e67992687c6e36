import { useEffect, useState } from "react";

const DESCRIBED_IMAGE = "img[alt]:not([alt=''])";

type Tip = { text: string; top: number; left: number };

/** The described image an event is about: the image itself, or the one inside a focused link. */
function describedImage(target: EventTarget | null): HTMLImageElement | null {
  if (!(target instanceof Element)) return null;
  const image = target.matches(DESCRIBED_IMAGE)
    ? target
    : target.matches("a, button, [tabindex]")
      ? target.querySelector(DESCRIBED_IMAGE)
      : null;
  return image instanceof HTMLImageElement && image.alt.trim() ? image : null;
}

/** Standalone described images join the tab order, so their text can be shown on focus too. */
function makeImagesFocusable(added: Set<HTMLImageElement>) {
  for (const image of document.querySelectorAll<HTMLImageElement>(DESCRIBED_IMAGE)) {
    if (image.hasAttribute("tabindex") || image.closest("a, button")) continue;
    image.tabIndex = 0;
    added.add(image);
  }
}

/**
 * While 'Alt text on hover' is on: an image's alt text appears below it on hover and on keyboard
 * focus. Visual only (aria-hidden): screen readers already read the alt text.
 */
export function AltTextOnHover() {
  const [tip, setTip] = useState<Tip | null>(null);

  useEffect(() => {
    const added = new Set<HTMLImageElement>();
    makeImagesFocusable(added);
    // Pages change under the panel (client navigation): keep new images reachable.
    const observer = new MutationObserver(() => makeImagesFocusable(added));
    observer.observe(document.body, { childList: true, subtree: true });

    function show(event: Event) {
      const image = describedImage(event.target);
      if (!image) return;
      const rect = image.getBoundingClientRect();
      setTip({
        text: image.alt.trim(),
        top: rect.bottom + window.scrollY + 4,
        left: Math.max(rect.left + window.scrollX, window.scrollX + 4),
      });
    }
    function hide(event: Event) {
      if (describedImage(event.target)) setTip(null);
    }
    document.addEventListener("pointerover", show);
    document.addEventListener("pointerout", hide);
    document.addEventListener("focusin", show);
    document.addEventListener("focusout", hide);
    return () => {
      observer.disconnect();
      for (const image of added) image.removeAttribute("tabindex");
      document.removeEventListener("pointerover", show);
      document.removeEventListener("pointerout", hide);
      document.removeEventListener("focusin", show);
      document.removeEventListener("focusout", hide);
    };
  }, []);

  if (!tip) return null;
  return (
    <div aria-hidden="true" className="alt-text-tooltip" style={{ top: tip.top, left: tip.left }}>
      {tip.text}
    </div>
  );
}
