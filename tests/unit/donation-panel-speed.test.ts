import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { AltchaLoader, QUIET_MS } from "#app/components/altcha-loader";
import { scopeAltchaCss } from "#app/components/altcha-styles";

describe("the altcha widget's stylesheet", () => {
  test("sets its custom properties on its own box, never on the page's root", () => {
    const css =
      ":root{--altcha-padding:.75rem}@supports (-moz-appearance:none){:root{--x:1}}.altcha{display:none}";
    expect(scopeAltchaCss(css)).toBe(
      ".altcha-box{--altcha-padding:.75rem}@supports (-moz-appearance:none){.altcha-box{--x:1}}.altcha{display:none}",
    );
  });
});

describe("when the altcha widget is set up", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.stubGlobal("window", { setTimeout, clearTimeout });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function loader() {
    const load = vi.fn(() => Promise.resolve());
    const altcha = new AltchaLoader(load);
    const shown = vi.fn();
    altcha.subscribe(shown);
    return { altcha, load, shown };
  }

  test("nothing is fetched before the donor starts using the panel", async () => {
    const { load } = loader();
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).not.toHaveBeenCalled();
  });

  test("fetched once the donor pauses, drawn in a task of its own, once", async () => {
    const { altcha, load, shown } = loader();
    altcha.request();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
    // A keystroke: the donor is still typing.
    altcha.request();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
    await vi.advanceTimersByTimeAsync(99);
    expect(load).not.toHaveBeenCalled();
    // The pause is over: the code is fetched; the widget is drawn in a later task.
    vi.advanceTimersToNextTimer();
    expect(load).toHaveBeenCalledOnce();
    await Promise.resolve();
    expect(altcha.isShown()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toHaveBeenCalledOnce();
    expect(altcha.isShown()).toBe(true);
    altcha.request();
    altcha.now();
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(load).toHaveBeenCalledOnce();
    expect(shown).toHaveBeenCalledOnce();
  });

  test("a submission draws it as soon as its code is here", async () => {
    const { altcha, load, shown } = loader();
    altcha.now();
    expect(load).toHaveBeenCalledOnce();
    await Promise.resolve();
    await Promise.resolve();
    expect(shown).toHaveBeenCalledOnce();
  });

  test("a failed download is tried again on the next use", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(undefined);
    const altcha = new AltchaLoader(load);
    altcha.request();
    await vi.runAllTimersAsync();
    expect(load).toHaveBeenCalledOnce();
    expect(altcha.isShown()).toBe(false);
    altcha.request();
    await vi.runAllTimersAsync();
    expect(load).toHaveBeenCalledTimes(2);
    expect(altcha.isShown()).toBe(true);
  });
});
