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
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        onlyCategories: ["performance"],
        logLevel: "error",
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { lhr } = result;
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
