/**
 * Lighthouse in the system Chromium (CHROME_PATH, default /usr/bin/chromium), as a phone of a
 * chosen CPU tier: Lighthouse's default mobile settings (slow 4G, mobile form factor and screen)
 * with the CPU slowdown calibrated to this host. `calibrateCpu` reads the host's `benchmarkIndex`
 * from a first run; the slowdown is host index / target index (Chrome DevTools: 264 a low-tier
 * phone, 1,000 a mid-tier one). `lighthouseRuns` then audits each page several times: performance
 * (score, LCP, Total Blocking Time), accessibility, best practices and SEO. The throttling is
 * applied ("devtools": Chromium really runs the page at the slowed CPU and network) unless
 * "simulate" is asked for (docs/decisions/186-lighthouse-with-applied-throttling.md).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type RunnerResult } from "lighthouse";

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
  /** This run's own reading of the host (varies a little from run to run). */
  benchmarkIndex: number;
}

export interface LighthousePage {
  page: string;
  runs: LighthouseRun[];
  /** Each figure's median over the runs. */
  median: Omit<LighthouseRun, "page" | "lcpElement" | "benchmarkIndex">;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function withChrome<T>(work: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    return await work(chrome.port);
  } finally {
    chrome.kill();
  }
}

/** One audit; a run that failed to trace the page (runtime error, no score) is tried once more. */
async function audit(url: string, flags: Flags): Promise<RunnerResult> {
  const once = () => lighthouse(url, { logLevel: "error", ...flags });
  let result = await once();
  if (!result || result.lhr.runtimeError || result.lhr.categories.performance?.score == null) {
    result = await once();
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  }
  return result;
}

/** A first run with Lighthouse's defaults, for the host's benchmarkIndex. */
export async function calibrateCpu(url: string, targetIndex: number): Promise<CpuCalibration> {
  const { lhr } = await withChrome((port) => audit(url, { port, onlyCategories: ["performance"] }));
  const hostIndex = Math.round(lhr.environment.benchmarkIndex);
  const ratio = hostIndex / targetIndex;
  return {
    hostIndex,
    targetIndex,
    multiplier: Math.max(1, Math.round(ratio * 100) / 100),
    hostSlowerThanTarget: ratio < 1,
  };
}

const score = (lhr: RunnerResult["lhr"], category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** Lighthouse's two ways of throttling: "devtools" applies it, "simulate" estimates it. */
export type ThrottlingMethod = "devtools" | "simulate";

export async function lighthouseRuns(
  base: string,
  pages: string[],
  runs: number,
  cpuSlowdownMultiplier: number,
  throttlingMethod: ThrottlingMethod,
): Promise<{ pages: LighthousePage[]; settings: unknown }> {
  return withChrome(async (port) => {
    const results: LighthousePage[] = [];
    let settings: unknown = null;
    for (const page of pages) {
      const pageRuns: LighthouseRun[] = [];
      for (let run = 0; run < runs; run += 1) {
        const { lhr } = await audit(`${base}${page}`, {
          port,
          onlyCategories: CATEGORIES,
          // Merged into the default mobile settings: only the CPU and the method change.
          throttlingMethod,
          throttling: { cpuSlowdownMultiplier },
        });
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
        pageRuns.push({
          page,
          score: score(lhr, "performance"),
          lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue ?? 0),
          tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue ?? 0),
          accessibility: score(lhr, "accessibility"),
          bestPractices: score(lhr, "best-practices"),
          seo: score(lhr, "seo"),
          lcpElement: element?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        });
      }
      const of = (pick: (run: LighthouseRun) => number) => median(pageRuns.map(pick));
      results.push({
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
      });
    }
    return { pages: results, settings };
  });
}
