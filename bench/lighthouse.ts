/**
 * Lighthouse in the system Chromium (CHROME_PATH, default /usr/bin/chromium), as a phone of a
 * chosen CPU tier: Lighthouse's default mobile settings (slow 4G, mobile form factor and screen,
 * simulated throttling: what PageSpeed Insights shows) with the CPU slowdown calibrated to this
 * host. `calibrateCpu` reads the host's `benchmarkIndex` from a first run; the slowdown is host
 * index / target index (Chrome DevTools: 264 a low-tier phone, 1,000 a mid-tier one).
 * `lighthouseRuns` then audits each page several times on each target (the tree's server and, in
 * the A/B, the baseline's, their runs alternating): performance (score, LCP, Total Blocking Time),
 * accessibility, best practices and SEO. A shared host's speed drifts while it runs, so each run's
 * slowdown follows the host's latest reading, and a run whose own reading shows it measured
 * another phone is set aside and made again (docs/decisions/197-lighthouse-runs-follow-the-host.md).
 * The throttling is simulated ("simulate", the judged figures since
 * docs/decisions/263-bench-ab-and-a-meter-that-fails.md) or applied ("devtools": Chromium really
 * runs the page at the slowed CPU and network; docs/decisions/186-lighthouse-with-applied-throttling.md).
 * A run that fails (a runtime error, no score, no first contentful paint...) is made once more,
 * and a second failure stops the bench (bench/failure.ts): no figure comes from a failed run.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type RunnerResult } from "lighthouse";
import { BenchFailure, lighthouseProblem, twice, withinTime } from "./failure";

/** Chrome DevTools' CPU tiers, in Lighthouse benchmarkIndex units. */
export const LOW_TIER_PHONE_INDEX = 264;
export const MID_TIER_PHONE_INDEX = 1000;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

export interface CpuCalibration {
  /** The host's Lighthouse benchmarkIndex, from the first run. */
  hostIndex: number;
  /** The benchmarkIndex of the device measured as. */
  targetIndex: number;
  /** host / target: the slowdown given to Lighthouse and to Chromium (at least 1). */
  multiplier: number;
  /** The host was slower than the target: no slowdown, and the figures flatter the target. */
  hostSlowerThanTarget: boolean;
}

export interface LighthouseRun {
  page: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The LCP element, as Lighthouse describes it. */
  lcpElement: string | null;
  /** This run's own reading of the host, taken as it starts. */
  benchmarkIndex: number;
  /** The CPU slowdown this run was given. */
  multiplier: number;
  /** The phone this run measured: its host reading / its slowdown. */
  phoneIndex: number;
}

export interface LighthousePage {
  page: string;
  runs: LighthouseRun[];
  /** Each figure's median over the runs. */
  median: Pick<
    LighthouseRun,
    "score" | "lcpMs" | "tbtMs" | "accessibility" | "bestPractices" | "seo"
  >;
  /** Runs made but not counted: their phone was further than PHONE_TOLERANCE from the target. */
  setAside: LighthouseRun[];
}

/**
 * How far a run's phone may be from the target and still count: 20%. Between two readings a few
 * seconds apart a busy shared host moved by up to 30% (1,269-1,783); a run at a fixed slowdown
 * then measured a phone a third slower than asked, and its blocking time several times longer.
 */
export const PHONE_TOLERANCE = 0.2;

/** host / target, at least 1: a host slower than the target is not sped up. */
function slowdownFor(hostIndex: number, targetIndex: number) {
  return Math.max(1, Math.round((hostIndex / targetIndex) * 100) / 100);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * How long one Lighthouse run may take: a run on a slowed phone takes 20-60 s here; one that
 * hung on a page that never started navigating (NO_NAVSTART) waited more than ten minutes.
 */
const AUDIT_LIMIT_MS = 180_000;

/**
 * One audit of `url` (named `what` in messages), each attempt in a Chromium of its own (a fresh
 * profile: nothing a previous page left, a service worker or a cache, carries over), within
 * AUDIT_LIMIT_MS; a failed attempt is made once more, and a second failure throws a BenchFailure
 * (bench/failure.ts).
 */
async function audit(
  url: string,
  flags: Omit<Flags, "port">,
  what: string,
  say?: (line: string) => void,
): Promise<RunnerResult> {
  return twice(
    `Lighthouse on ${what}`,
    async () => {
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        chromeFlags: [
          "--headless=new",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-dev-shm-usage",
          // The page stays in the renderer Lighthouse's about:blank started in, as on a phone
          // (Chrome on Android isolates only sites signed in to): with a renderer of its own,
          // Chromium 156 lost the page's navigationStart from the trace in 1-3 runs of 7
          // (NO_NAVSTART), none in 10 without (docs/decisions/270-the-final-bench-run.md).
          "--disable-site-isolation-trials",
        ],
      });
      try {
        const result = await withinTime(
          AUDIT_LIMIT_MS,
          () => lighthouse(url, { logLevel: "error", ...flags, port: chrome.port }),
          () => chrome.kill(),
        );
        if (!result) throw new Error("Lighthouse returned nothing");
        const problem = lighthouseProblem(result.lhr, flags.onlyCategories ?? CATEGORIES);
        if (problem) throw new Error(problem);
        return result;
      } finally {
        chrome.kill();
      }
    },
    say,
  );
}

/**
 * The failure rule at work, for the smoke run: an audit of `url` (a port nothing listens on),
 * which must fail twice. Returns the BenchFailure's message, or null if the audit passed.
 */
export async function failureCaught(url: string): Promise<string | null> {
  try {
    await audit(url, { onlyCategories: ["performance"] }, url);
    return null;
  } catch (error) {
    if (error instanceof BenchFailure) return error.message;
    throw error;
  }
}

/** A first run with Lighthouse's defaults, for the host's benchmarkIndex. */
export async function calibrateCpu(url: string, targetIndex: number): Promise<CpuCalibration> {
  const { lhr } = await audit(
    url,
    { onlyCategories: ["performance"] },
    `${url} (the calibration run)`,
  );
  const hostIndex = Math.round(lhr.environment.benchmarkIndex);
  return {
    hostIndex,
    targetIndex,
    multiplier: slowdownFor(hostIndex, targetIndex),
    hostSlowerThanTarget: hostIndex < targetIndex,
  };
}

/** A category's score out of 100 (lighthouseProblem has checked that there is one). */
const score = (lhr: RunnerResult["lhr"], category: string) =>
  Math.round(Number(lhr.categories[category]?.score) * 100);

/** Lighthouse's two ways of throttling: "devtools" applies it, "simulate" estimates it. */
export type ThrottlingMethod = "devtools" | "simulate";

/** A server audited: the tree's, or the baseline's in the A/B. */
export interface Target {
  name: string;
  base: string;
}

/**
 * `runs` counted audits of each page on each target, at most twice as many made; the targets'
 * runs alternate (baseline, tree, baseline, tree... when given in that order), so that a drift of
 * the host falls on both. Each audit's slowdown is the latest host reading (the calibration's,
 * then the previous audit's own) over the target; an audit whose own reading puts its phone beyond
 * PHONE_TOLERANCE of the target is set aside. If too few audits count, the latest set-aside ones
 * fill in, and the page's `setAside` says so. An audit that fails twice throws a BenchFailure.
 */
export async function lighthouseRuns(
  targets: Target[],
  pages: string[],
  runs: number,
  cpu: CpuCalibration,
  throttlingMethod: ThrottlingMethod,
): Promise<{ targets: (Target & { pages: LighthousePage[] })[]; settings: unknown }> {
  {
    const results = targets.map((target) => ({ ...target, pages: [] as LighthousePage[] }));
    let settings: unknown = null;
    let hostIndex = cpu.hostIndex;
    for (const page of pages) {
      const state = targets.map(() => ({
        counted: [] as LighthouseRun[],
        setAside: [] as LighthouseRun[],
        attempts: 0,
      }));
      const wanting = (s: (typeof state)[number]) =>
        s.counted.length < runs && s.attempts < runs * 2;
      while (state.some(wanting)) {
        for (const [index, target] of targets.entries()) {
          const s = state[index];
          if (!wanting(s)) continue;
          s.attempts += 1;
          const multiplier = slowdownFor(hostIndex, cpu.targetIndex);
          const { lhr } = await audit(
            `${target.base}${page}`,
            {
              onlyCategories: CATEGORIES,
              // Merged into the default mobile settings: only the CPU and the method change.
              throttlingMethod,
              throttling: { cpuSlowdownMultiplier: multiplier },
            },
            `${page} (${target.name}, ${throttlingMethod === "simulate" ? "simulated" : "applied"})`,
          );
          const { throttling, formFactor, screenEmulation } = lhr.configSettings;
          settings = {
            throttlingMethod: lhr.configSettings.throttlingMethod,
            throttling,
            formFactor,
            screenEmulation,
          };
          const element = lhr.audits["largest-contentful-paint-element"]?.details as
            | { items?: { items?: { node?: { snippet?: string } }[] }[] }
            | undefined;
          hostIndex = Math.round(lhr.environment.benchmarkIndex);
          const run: LighthouseRun = {
            page,
            score: score(lhr, "performance"),
            lcpMs: Math.round(Number(lhr.audits["largest-contentful-paint"].numericValue)),
            tbtMs: Math.round(Number(lhr.audits["total-blocking-time"].numericValue)),
            accessibility: score(lhr, "accessibility"),
            bestPractices: score(lhr, "best-practices"),
            seo: score(lhr, "seo"),
            lcpElement: element?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
            benchmarkIndex: hostIndex,
            multiplier,
            phoneIndex: Math.round(hostIndex / multiplier),
          };
          // A host slower than the target runs unthrottled: every run counts, as the table says.
          const nearTarget =
            cpu.hostSlowerThanTarget ||
            Math.abs(run.phoneIndex / cpu.targetIndex - 1) <= PHONE_TOLERANCE;
          (nearTarget ? s.counted : s.setAside).push(run);
        }
      }
      for (const [index, s] of state.entries()) {
        // Too few counted: the latest set-aside runs fill in (`setAside` still lists them).
        const pageRuns =
          s.counted.length === runs
            ? s.counted
            : [...s.counted, ...s.setAside.slice(s.counted.length - runs)];
        const of = (pick: (run: LighthouseRun) => number) => median(pageRuns.map(pick));
        results[index].pages.push({
          page,
          runs: pageRuns,
          median: {
            score: of((run) => run.score),
            lcpMs: of((run) => run.lcpMs),
            tbtMs: of((run) => run.tbtMs),
            accessibility: of((run) => run.accessibility),
            bestPractices: of((run) => run.bestPractices),
            seo: of((run) => run.seo),
          },
          setAside: s.setAside,
        });
      }
    }
    return { targets: results, settings };
  }
}
