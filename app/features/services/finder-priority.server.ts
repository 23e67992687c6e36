/**
 * The finder's categories to list first right now: while a weather banner is active, the warming
 * or cooling centres (docs/decisions/180-weather-banners.md). The weather feature provides them and the services feature reads
 * them, neither importing the other (docs/decisions/150-feature-folders.md): server/weather.ts
 * connects the two at start. Without a provider, or when it fails, nothing comes first.
 */
type PrioritySource = (now: Date) => Promise<string[]>;

let source: PrioritySource | undefined;

export function provideFinderPriority(next: PrioritySource | undefined) {
  source = next;
}

export async function finderPriorityCategories(now: Date): Promise<string[]> {
  if (!source) return [];
  try {
    return await source(now);
  } catch {
    return [];
  }
}
