/**
 * Lighthouse's mobile performance score and Largest Contentful Paint (its default: a mid-range
 * phone on simulated slow 4G), in the system Chromium (CHROME_PATH, default /usr/bin/chromium).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseRun {
  page: string;
  score: number;
  lcpMs: number;
  /** The LCP element, as Lighthouse describes it. */
  lcpElement: string | null;
}

export async function lighthouseRuns(base: string, pages: string[]): Promise<LighthouseRun[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const runs: LighthouseRun[] = [];
    for (const page of pages) {
      const audit = () =>
        lighthouse(`${base}${page}`, {
          port: chrome.port,
          onlyCategories: ["performance"],
          logLevel: "error",
        });
      // A run that failed to trace the page (a runtime error, no score) is tried once more.
      let result = await audit();
      if (!result || result.lhr.runtimeError || result.lhr.categories.performance.score === null) {
        result = await audit();
      }
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { lhr } = result;
      if (lhr.runtimeError)
        throw new Error(`Lighthouse failed on ${page}: ${lhr.runtimeError.message}`);
      const element = lhr.audits["largest-contentful-paint-element"]?.details as
        | { items?: { items?: { node?: { snippet?: string } }[] }[] }
        | undefined;
      runs.push({
        page,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue ?? 0),
        lcpElement: element?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      });
    }
    return runs;
  } finally {
    chrome.kill();
  }
}
