/**
 * The bench's rule for a measurement that fails (docs/decisions/263-bench-ab-and-a-meter-that-fails.md):
 * it is made once more; if it fails again the bench says which one failed and stops with a
 * non-zero exit, printing no figure from it.
 */

/** A measurement that failed twice: the bench stops on it. */
export class BenchFailure extends Error {
  override name = "BenchFailure";
}

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0];

/**
 * `attempt()`, and once more if it throws; a second failure throws a BenchFailure naming `what`
 * and both reasons. `say` is told of the first failure.
 */
export async function twice<T>(
  what: string,
  attempt: () => Promise<T>,
  say: (line: string) => void = console.log,
): Promise<T> {
  let first: string;
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof BenchFailure) throw error;
    first = reasonOf(error);
  }
  say(`  ${what} failed (${first}); trying once more`);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof BenchFailure) throw error;
    const second = reasonOf(error);
    throw new BenchFailure(
      `${what} failed twice: ${second === first ? first : `${first}; then ${second}`}`,
    );
  }
}

/**
 * `work()` given `limitMs`: past it the attempt fails ("took longer than N s"), as a run without a
 * score does, and `abandon()` is called to end what is still running (a Lighthouse run left
 * waiting on a page that never navigates does not end on its own).
 */
export async function withinTime<T>(
  limitMs: number,
  work: () => Promise<T>,
  abandon: () => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const running = work();
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // The abandoned run may still settle (or reject) later; nobody waits for it.
      running.catch(() => {});
      abandon();
      reject(new Error(`took longer than ${Math.round(limitMs / 1000)} s`));
    }, limitMs);
  });
  try {
    return await Promise.race([running, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a run must have for its figures to count; a structural subset of Lighthouse's result. */
export interface LhrLike {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
  environment?: { benchmarkIndex?: number };
}

/** The figures read from a run: each must be a finite number. */
const REQUIRED_AUDITS = {
  "first-contentful-paint": "first contentful paint",
  "largest-contentful-paint": "largest contentful paint",
  "total-blocking-time": "total blocking time",
};

/**
 * Why a run's figures cannot be used (a runtime error, a category without a score, a missing
 * paint or blocking time, no reading of the host), or null when they can.
 */
export function lighthouseProblem(lhr: LhrLike, categories: string[]): string | null {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  for (const category of categories) {
    const score = lhr.categories[category]?.score;
    if (typeof score !== "number" || !Number.isFinite(score)) return `no ${category} score`;
  }
  for (const [id, name] of Object.entries(REQUIRED_AUDITS)) {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number" || !Number.isFinite(value)) return `no ${name}`;
  }
  const index = lhr.environment?.benchmarkIndex;
  if (typeof index !== "number" || !(index > 0)) return "no benchmarkIndex";
  return null;
}
