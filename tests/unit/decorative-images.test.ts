import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * A low-data page leaves out every decorative picture (alt="") because each one is drawn by
 * `DecorativeImage` (app/components/decorative-image.tsx), which renders nothing on such a page
 * (docs/decisions/215-low-data-pages-without-decorative-images.md). An `<img alt="">` written
 * anywhere else would be sent to a visitor saving data: none may be.
 */
const root = path.resolve(import.meta.dirname, "../..");
const DRAWER = "app/components/decorative-image.tsx";
/** An attribute, not a CSS selector such as `img:not([alt=''])`. */
const EMPTY_ALT = /(?<!\[)\balt\s*=\s*(""|''|\{\s*(""|''|``)\s*\})/;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|jsx?)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe("decorative images", () => {
  test("the pattern finds an empty alt however it is written", () => {
    for (const written of ['alt=""', "alt=''", 'alt={""}', "alt={ '' }", "alt={``}"]) {
      expect(EMPTY_ALT.test(`<img src="/a.svg" ${written} />`), written).toBe(true);
    }
    expect(EMPTY_ALT.test('<img alt="A family at home" />')).toBe(false);
    expect(EMPTY_ALT.test("<img alt={t('landing.hero.imageAlt')} />")).toBe(false);
    expect(EMPTY_ALT.test("document.querySelectorAll(\"img[alt]:not([alt=''])\")")).toBe(false);
  });

  test("only DecorativeImage writes an empty alt in the app", () => {
    const writers = sourceFiles("app").filter((file) =>
      EMPTY_ALT.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(writers).toEqual([DRAWER]);
  });
});
