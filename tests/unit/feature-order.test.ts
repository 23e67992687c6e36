import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The declared order of features (app/features/order.cjs), from which `.dependency-cruiser.cjs`
 * makes its rules: it names every feature folder, only features, and has no cycle.
 */
type Order = Record<string, string[]>;

const root = path.resolve(import.meta.dirname, "../..");
const order: Order = createRequire(import.meta.url)(path.join(root, "app/features/order.cjs"));

/** A cycle of the order as the features along it, first one repeated at the end; null if none. */
function cycleIn(graph: Order): string[] | null {
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  function visit(feature: string): string[] | null {
    if (state.get(feature) === "done") return null;
    if (state.get(feature) === "open") return [...trail.slice(trail.indexOf(feature)), feature];
    state.set(feature, "open");
    trail.push(feature);
    for (const next of graph[feature] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(feature, "done");
    return null;
  }
  for (const feature of Object.keys(graph)) {
    const cycle = visit(feature);
    if (cycle) return cycle;
  }
  return null;
}

describe("the order of features", () => {
  it("finds a planted cycle, long or short", () => {
    expect(cycleIn({ a: ["b"], b: ["c"], c: ["a"] })).toEqual(["a", "b", "c", "a"]);
    expect(cycleIn({ a: ["a"] })).toEqual(["a", "a"]);
    expect(cycleIn({ a: ["b", "c"], b: ["c"], c: [] })).toBeNull();
  });

  it("has no cycle", () => {
    expect(cycleIn(order)).toBeNull();
  });

  it("leaves no file of app/lib named after a feature: a feature's code is in its folder", () => {
    const named = (readdirSync(path.join(root, "app/lib"), { recursive: true }) as string[]).filter(
      (file) => {
        const base = path.basename(file).split(".")[0];
        return Object.keys(order).some(
          (feature) => base === feature || base.startsWith(`${feature}-`),
        );
      },
    );
    expect(named).toEqual([]);
  });

  it("names every folder of app/features/, and builds only on features it names", () => {
    const folders = readdirSync(path.join(root, "app/features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(Object.keys(order).sort()).toEqual(folders.sort());
    for (const [feature, builtOn] of Object.entries(order)) {
      for (const other of builtOn) {
        expect(folders, `${feature} builds on ${other}`).toContain(other);
        expect(other).not.toBe(feature);
      }
    }
  });
});
