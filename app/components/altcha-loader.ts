/**
 * When the altcha widget is set up (docs/decisions/071-card-testing-defence.md): asked for on the
 * visitor's first touch, focus or keystroke in the form, its code and styles are fetched once the
 * visitor has paused for a moment, and the widget is drawn in the task after. Evaluating its code and
 * drawing it are long tasks on a slow phone (a tenth and a third of a second at the low-tier CPU):
 * started while the visitor types, they held up the keystrokes behind them. A submission waiting for
 * the proof of work fetches and draws it at once.
 */

type Phase = "off" | "waiting" | "loading" | "shown";

/** How long the visitor's hands rest before the widget is set up. */
export const QUIET_MS = 1000;

export class AltchaLoader {
  #phase: Phase = "off";
  #quietTimer: number | undefined;
  #loaded = false;
  #urgent = false;
  #listeners = new Set<() => void>();

  /** `load` fetches the widget's code and styles; it resolves once the widget can be drawn. */
  constructor(private readonly load: () => Promise<unknown>) {}

  /** The visitor is using the form (a touch, a focus, a keystroke): wait until they pause. */
  request = () => {
    if (this.#phase !== "off" && this.#phase !== "waiting") return;
    this.#phase = "waiting";
    window.clearTimeout(this.#quietTimer);
    this.#quietTimer = window.setTimeout(() => this.#begin(), QUIET_MS);
  };

  /** A submission waits for the proof of work: draw the widget as soon as its code is here. */
  now = () => {
    this.#urgent = true;
    if (this.#phase === "off" || this.#phase === "waiting") this.#begin();
    else if (this.#loaded) this.#show();
  };

  /** Whether the widget's element should be in the page. */
  isShown = () => this.#phase === "shown";

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  #begin() {
    window.clearTimeout(this.#quietTimer);
    this.#phase = "loading";
    this.load().then(
      () => {
        this.#loaded = true;
        if (this.#urgent) this.#show();
        else window.setTimeout(this.#show, 0);
      },
      () => {
        // Tried again on the next focus, touch, keystroke or submission.
        this.#phase = "off";
      },
    );
  }

  #show = () => {
    if (this.#phase !== "loading") return;
    this.#phase = "shown";
    for (const listener of this.#listeners) listener();
  };
}
