/**
 * When the altcha widget is set up (docs/decisions/071-card-testing-defence.md): asked for on the
 * donor's first touch or focus in the panel, its code and styles are fetched at once, and the
 * widget is drawn in the next task. Before, the widget's element was in the page while its code
 * arrived, so evaluating the code and drawing the widget ran as one long task; as two, a keystroke
 * waiting in between is handled first. A submission waiting for the proof of work draws it at once.
 */

type Phase = "off" | "loading" | "shown";

export class AltchaLoader {
  #phase: Phase = "off";
  #loaded = false;
  #urgent = false;
  #listeners = new Set<() => void>();

  /** `load` fetches the widget's code and styles; it resolves once the widget can be drawn. */
  constructor(private readonly load: () => Promise<unknown>) {}

  /** The donor started using the panel. */
  request = () => {
    if (this.#phase === "off") this.#begin();
  };

  /** A submission waits for the proof of work: draw the widget as soon as its code is here. */
  now = () => {
    this.#urgent = true;
    if (this.#phase === "off") this.#begin();
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
    this.#phase = "loading";
    this.load().then(
      () => {
        this.#loaded = true;
        if (this.#urgent) this.#show();
        else window.setTimeout(this.#show, 0);
      },
      () => {
        // Tried again on the next focus, touch or submission.
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
