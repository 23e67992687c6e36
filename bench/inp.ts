/**
 * Interaction to Next Paint of the pages' busiest interactions, in the system Chromium driven by
 * Playwright with the CPU slowed by the calibrated multiplier (Emulation.setCPUThrottlingRate).
 * Each interaction is timed by the Event Timing API as web-vitals does it: `event` entries of 16 ms
 * and more (and the first input), grouped by interactionId, an interaction lasting as long as its
 * longest entry; a scenario's INP is its worst interaction. Keys are pressed at a typing pace.
 * In the A/B each scenario's runs alternate between the targets (baseline, tree, ...). A run that
 * fails is made once more; a second failure stops the bench (bench/failure.ts).
 */
import { type Browser, chromium, type Locator, type Page } from "@playwright/test";
import { parseLaunchAt } from "#app/site/launch";
import { SYSTEM_CHROMIUM } from "../playwright.config";
import { BenchFailure, twice } from "./failure";
import { median, type Target } from "./lighthouse";

/** A key held this long, then the next after this gap: about five keys a second. */
const KEY_HOLD_MS = 60;
const KEY_GAP_MS = 140;
/** Long enough for the Event Timing entries of the last interaction to be reported. */
const SETTLE_MS = 1000;

export interface Interaction {
  /** The longest entry's duration, rounded by the browser to 8 ms. */
  durationMs: number;
  /** From the input to the first handler. */
  inputDelayMs: number;
  /** From the first handler to the end of the last. */
  processingMs: number;
  /** From the end of the handlers to the next paint. */
  presentationMs: number;
  /** Its event types, "pointerdown/pointerup/click" (a string keeps the JSON as Biome has it). */
  events: string;
  target: string;
}

export interface InpRun {
  inpMs: number;
  /** Interactions of 16 ms and more (shorter ones are not reported by the browser). */
  interactions: number;
  worst: Interaction | null;
}

export interface InpScenario {
  id: string;
  label: string;
  path: string;
  viewport: { width: number; height: number };
  runs: InpRun[];
  /** The median run's INP. */
  medianMs: number;
  /** The median run's worst interaction. */
  worst: Interaction | null;
}

/**
 * Collects Event Timing entries by interactionId, from before the page's scripts;
 * `window.__benchInteractions()` returns them as JSON (a string: the page's Content-Security-Policy
 * allows no evaluation in the page, Playwright's evaluate of an expression goes through DevTools).
 */
const OBSERVER_SCRIPT = `(() => {
  const groups = new Map();
  const describe = (node) => {
    if (!node || !node.nodeName) return "";
    let text = node.nodeName.toLowerCase();
    if (node.id) text += "#" + node.id;
    for (const name of ["name", "role", "aria-label"]) {
      const value = node.getAttribute && node.getAttribute(name);
      if (value) text += "[" + name + "=" + value + "]";
    }
    return text;
  };
  const record = (entries) => {
    for (const entry of entries) {
      if (!entry.interactionId) continue;
      const group = groups.get(entry.interactionId) || { target: "", entries: [] };
      groups.set(entry.interactionId, group);
      if (!group.target) group.target = describe(entry.target);
      const { name, startTime, duration, processingStart, processingEnd } = entry;
      group.entries.push({ name, startTime, duration, processingStart, processingEnd });
    }
  };
  const observers = [];
  for (const options of [
    { type: "event", durationThreshold: 16, buffered: true },
    { type: "first-input", buffered: true },
  ]) {
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe(options);
    observers.push(observer);
  }
  window.__benchInteractions = () => {
    for (const observer of observers) record(observer.takeRecords());
    return JSON.stringify([...groups.values()]);
  };
})();`;

interface TimingEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

/**
 * One interaction from its entries: as long as the longest (web-vitals), its phases from the
 * entries painted in the same frame as that one (as web-vitals' attribution does).
 */
function interactionOf(group: { target: string; entries: TimingEntry[] }): Interaction {
  const longest = group.entries.reduce((a, b) => (b.duration > a.duration ? b : a));
  const paintedAt = longest.startTime + longest.duration;
  // Durations are rounded to 8 ms.
  const frame = group.entries.filter(
    (entry) => Math.abs(entry.startTime + entry.duration - paintedAt) <= 8,
  );
  const processingStart = Math.min(...frame.map((entry) => entry.processingStart));
  const processingEnd = Math.max(...frame.map((entry) => entry.processingEnd));
  return {
    durationMs: longest.duration,
    inputDelayMs: Math.round(Math.max(0, processingStart - longest.startTime)),
    processingMs: Math.round(processingEnd - processingStart),
    presentationMs: Math.round(Math.max(0, paintedAt - processingEnd)),
    events: [...new Set(group.entries.map((entry) => entry.name))].join("/"),
    target: group.target,
  };
}

/** Makes the page's clock read `at` from now on (timers run at their real pace). */
function clockScript(at: number) {
  return `(() => {
  const RealDate = Date;
  const offset = ${at} - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
})();`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until React has hydrated the page: it marks each element it owns as it reaches it, and
 * <html> is the last (tests/e2e/fixtures.ts). Polled from here: the page's Content-Security-Policy
 * forbids the string evaluation Playwright's waitForFunction would do in the page.
 */
export async function hydrated(page: Page, timeoutMs = 60_000) {
  const started = Date.now();
  const check = `Object.keys(document.documentElement).some((k) => k.startsWith("__reactFiber"))`;
  while (!(await page.evaluate(check))) {
    if (Date.now() - started > timeoutMs) throw new Error("the page did not hydrate");
    await sleep(50);
  }
}

/** A tap or click on the field, then the text key by key at a typing pace. */
async function typeInto(page: Page, field: Locator, text: string) {
  await field.click();
  for (const key of text) {
    await page.keyboard.down(key);
    await sleep(KEY_HOLD_MS);
    await page.keyboard.up(key);
    await sleep(KEY_GAP_MS);
  }
}

async function expectValue(field: Locator, expected: string) {
  const value = await field.inputValue();
  if (value !== expected) throw new Error(`the field holds ${JSON.stringify(value)}`);
}

/** The donation form shown on the page (not a copy hidden at this width). */
const donationForm = (page: Page) =>
  page.getByRole("form", { name: "Donation" }).filter({ visible: true }).first();

interface Scenario {
  id: string;
  label: string;
  path: string;
  viewport: { width: number; height: number };
  phone?: boolean;
  /** Moments the page's clock should read (the launch countdown running). */
  clockAt?: () => number;
  act: (page: Page) => Promise<void>;
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const scenarios: Scenario[] = [
  {
    id: "home-email",
    label: "typing an e-mail address, /home donation panel",
    path: "/home",
    viewport: DESKTOP,
    act: async (page) => {
      const email = donationForm(page).getByLabel("Your email");
      await typeInto(page, email, "maria.lopez@example.org");
      await expectValue(email, "maria.lopez@example.org");
    },
  },
  {
    id: "home-amount",
    label: "a preset amount, then a custom one, /home donation panel",
    path: "/home",
    viewport: DESKTOP,
    act: async (page) => {
      const form = donationForm(page);
      const preset = form.getByRole("radio", { name: "$100" });
      await preset.check();
      const custom = form.getByRole("textbox", { name: "Or enter another amount" });
      await typeInto(page, custom, "75");
      await expectValue(custom, "75");
      if (await preset.isChecked()) throw new Error("the preset stayed chosen");
    },
  },
  {
    id: "launch-name",
    label: "typing a name, /launch panel, countdown running",
    path: "/launch",
    viewport: DESKTOP,
    // Two days before the launch, so the countdown ticks every second.
    clockAt: () =>
      parseLaunchAt(process.env.LAUNCH_AT ?? "2025-04-24T00:00").getTime() - 2 * 86_400_000,
    act: async (page) => {
      const seconds = page.getByRole("timer").locator('[data-unit="seconds"]');
      const before = await seconds.textContent();
      const panel = page.getByRole("region", { name: "Support Our Mission" });
      const name = panel.getByRole("textbox", { name: "Your name" });
      await typeInto(page, name, "Launch Friend");
      await expectValue(name, "Launch Friend");
      if ((await seconds.textContent()) === before) throw new Error("the countdown is not running");
    },
  },
  {
    id: "a11y-text-size",
    label: "accessibility panel, text size raised, phone width",
    path: "/home",
    viewport: PHONE,
    phone: true,
    act: async (page) => {
      await page.getByRole("button", { name: "Accessibility settings" }).tap();
      const panel = page.getByRole("dialog", { name: "Accessibility Settings" });
      const slider = panel.getByRole("slider", { name: "Text size" });
      await slider.waitFor();
      await slider.focus();
      for (const _step of [125, 150]) {
        await page.keyboard.press("ArrowRight", { delay: KEY_HOLD_MS });
        await sleep(KEY_GAP_MS);
      }
      const value = await slider.inputValue();
      if (value !== "150") throw new Error(`the text size is ${value}%`);
    },
  },
];

async function runOnce(
  browser: Browser,
  base: string,
  scenario: Scenario,
  cpuSlowdown: number,
): Promise<InpRun> {
  const context = await browser.newContext({
    viewport: scenario.viewport,
    ...(scenario.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
  });
  try {
    await context.addInitScript(OBSERVER_SCRIPT);
    if (scenario.clockAt) await context.addInitScript(clockScript(scenario.clockAt()));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.goto(base + scenario.path);
    await hydrated(page);
    await scenario.act(page);
    await page.evaluate(
      "new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))",
    );
    await sleep(SETTLE_MS);
    const groups = JSON.parse(String(await page.evaluate("window.__benchInteractions()"))) as {
      target: string;
      entries: TimingEntry[];
    }[];
    const interactions = groups.map(interactionOf);
    const worst = interactions.reduce<Interaction | null>(
      (a, b) => (a && a.durationMs >= b.durationMs ? a : b),
      null,
    );
    return { inpMs: worst?.durationMs ?? 0, interactions: interactions.length, worst };
  } finally {
    await context.close();
  }
}

/**
 * Every scenario (the first only, in smoke mode), `runs` times each on each target, each run in a
 * fresh context, the targets' runs alternating; the results in the targets' order. A run that
 * fails twice throws a BenchFailure naming it.
 */
export async function inpRuns(
  targets: Target[],
  cpuSlowdown: number,
  { runs, smoke }: { runs: number; smoke: boolean },
): Promise<(Target & { scenarios: InpScenario[] })[]> {
  const browser = await chromium.launch(SYSTEM_CHROMIUM);
  try {
    const results = targets.map((target) => ({ ...target, scenarios: [] as InpScenario[] }));
    for (const scenario of smoke ? scenarios.slice(0, 1) : scenarios) {
      const { id, label, path, viewport } = scenario;
      const done: InpRun[][] = targets.map(() => []);
      for (let run = 0; run < runs; run += 1) {
        for (const [index, target] of targets.entries()) {
          done[index].push(
            await twice(`INP "${label}" run ${run + 1} on ${target.name}`, () =>
              runOnce(browser, target.base, scenario, cpuSlowdown),
            ),
          );
        }
      }
      for (const [index, targetRuns] of done.entries()) {
        const medianMs = median(targetRuns.map((r) => r.inpMs));
        const middle = [...targetRuns].sort((a, b) => a.inpMs - b.inpMs)[
          Math.floor(targetRuns.length / 2)
        ];
        results[index].scenarios.push({
          id,
          label,
          path,
          viewport,
          runs: targetRuns,
          medianMs,
          worst: middle.worst,
        });
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * The failure rule at work, for the smoke run: the first scenario's run on `base` (a port nothing
 * listens on), which must fail twice. Returns the BenchFailure's message, or null if it ran.
 */
export async function inpFailureCaught(base: string, cpuSlowdown: number): Promise<string | null> {
  try {
    await inpRuns([{ name: base, base }], cpuSlowdown, { runs: 1, smoke: true });
    return null;
  } catch (error) {
    if (error instanceof BenchFailure) return error.message;
    throw error;
  }
}
