import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";

/** Runs axe on the page and fails with the list of violations (any impact). */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/** E-mails the e2e server wrote to its outbox, raw MIME, oldest first. */
export async function outbox(): Promise<string[]> {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.sort().map((file) => readFile(path.join(dir, file), "utf8")));
}

/** Unique per test, so parallel tests never collide on unique columns. */
export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

export { test } from "@playwright/test";
export { expect };
