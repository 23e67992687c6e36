/**
 * The catalog check (docs/decisions/110-locales-in-the-url.md): both catalogs hold the same keys,
 * every key the code asks for exists, and no catalog key is left that no code uses.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import en from "#app/i18n/catalogs/en.json";
import es from "#app/i18n/catalogs/es.json";

/** "a.b.c" for every leaf string of a nested catalog. */
function keysOf(catalog: object, prefix = ""): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** Every .ts/.tsx file under app/, catalogs aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const source = sourceFiles(path.resolve(import.meta.dirname, "../../app"))
  .map((file) => readFileSync(file, "utf8"))
  .join("\n");

/**
 * Plural forms ("items_one", "items_other", docs/decisions/116-in-house-translator.md) are used
 * through their base key.
 */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

/**
 * Every quoted string in the code that looks like a catalog key ("nav.home"): keys are passed
 * to t() directly or kept in data (site.ts menus, tab definitions) that is translated later.
 */
const quotedKeys = new Set(
  [...source.matchAll(/["'`]([a-zA-Z][\w-]*(?:\.[\w-]+)+)["'`]/g)].map((match) => match[1]),
);

/** Keys asked for directly: t("...") and <RichMessage messageKey="...">. */
const requestedKeys = new Set(
  [
    ...source.matchAll(/\bt\(\s*["'`]([^"'`$]+)["'`]/g),
    ...source.matchAll(/messageKey=\{?["'`]([^"'`$]+)["'`]/g),
  ].map((match) => match[1]),
);

const enKeys = keysOf(en);
const esKeys = keysOf(es);

describe("message catalogs", () => {
  test("the Spanish catalog has every English key", () => {
    expect(enKeys.filter((key) => !esKeys.includes(key))).toEqual([]);
  });

  test("the English catalog has every Spanish key", () => {
    expect(esKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
  });

  test("every key the code asks for is in the catalogs", () => {
    const known = new Set(enKeys.map(baseKey));
    expect([...requestedKeys].filter((key) => !known.has(key))).toEqual([]);
    // The scan itself works: it sees keys asked for in several ways.
    expect(requestedKeys).toContain("nav.donateNow");
    expect(requestedKeys).toContain("unsubscribe.doneHelp");
  });

  test("every catalog key is used somewhere in the code", () => {
    expect(enKeys.filter((key) => !quotedKeys.has(baseKey(key)))).toEqual([]);
  });

  test("no message is left empty, and placeholders match across languages", () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const leaf = (catalog: object, key: string) =>
      key
        .split(".")
        .reduce<unknown>(
          (node, part) => (node as Record<string, unknown>)[part],
          catalog,
        ) as string;
    for (const key of enKeys) {
      expect(leaf(en, key).trim(), key).not.toBe("");
      expect(leaf(es, key)?.trim(), key).not.toBe("");
      expect(placeholders(leaf(es, key) ?? ""), key).toEqual(placeholders(leaf(en, key)));
    }
  });
});
