import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The import rules of `npm run lint` (.dependency-cruiser.cjs), run on a small tree that breaks
 * each of them once, beside imports they allow.
 */
const root = path.resolve(import.meta.dirname, "../..");
const files: Record<string, string> = {
  "app/lib/money.ts": "export const cents = 100;\n",
  "app/lib/env.ts": "export const env = {};\n",
  "app/features/donations/rules.ts": "export const rules = 1;\n",
  "app/features/donations/index.ts": 'export { rules } from "./rules";\n',
  "app/features/tributes/cards.ts": "export const cards = 1;\n",
  "app/features/tributes/index.ts": 'export { cards } from "./cards";\n',
  // The fixture's own order of features, which the rules are made from.
  "app/features/order.cjs":
    'module.exports = { donations: ["tributes"], library: [], tributes: [] };\n',
  "app/dashboard/tabs.ts": "export const tabs = [];\n",
  "server/startup.ts": "export const start = 1;\n",
  // Allowed: a feature reads shared code and its own folder; the site composes features.
  "app/features/library/allowed.ts":
    'import { cents } from "../../lib/money";\nimport { kinds } from "./kinds";\nexport const x = [cents, kinds];\n',
  "app/features/library/kinds.ts": "export const kinds = [];\n",
  "app/site/home.ts":
    'import { rules } from "../features/donations/index";\nexport const home = rules;\n',
  "app/features/donations/with-tributes.ts":
    'import { cards } from "../tributes/index";\nexport const w = cards;\n',
  "app/db/schema/donations.ts": "export const donations = {};\n",
  "app/db/schema/outbox.ts": "export const mailOutbox = {};\n",
  "app/features/donations/gifts.ts":
    'import { donations } from "../../db/schema/donations";\nexport const g = donations;\n',
  "app/features/library/mails.ts":
    'import { mailOutbox } from "../../db/schema/outbox";\nexport const m = mailOutbox;\n',
  // Forbidden, one rule each.
  "app/features/library/reads-gifts.ts":
    'import { donations } from "../../db/schema/donations";\nexport const r = donations;\n',
  "app/site/reads-every-table.ts":
    'import { schema } from "../db/schema";\nexport const e = schema;\n',
  "app/features/library/reaches-donations.ts":
    'import { rules } from "../donations/index";\nexport const y = rules;\n',
  "app/features/library/reaches-site.ts":
    'import { home } from "../../site/home";\nexport const h = home;\n',
  "app/site/past-the-door.ts":
    'import { rules } from "../features/donations/rules";\nexport const p = rules;\n',
  "app/features/donations/past-the-door.ts":
    'import { cards } from "../tributes/cards";\nexport const q = cards;\n',
  "app/features/undeclared/anything.ts":
    'import { cents } from "../../lib/money";\nexport const u = cents;\n',
  "app/db/schema.ts": 'import { env } from "../lib/env";\nexport const schema = env;\n',
  "app/lib/reaches-feature.ts":
    'import { rules } from "../features/donations/index";\nexport const z = rules;\n',
  "app/lib/circle-a.ts": 'import type { B } from "./circle-b";\nexport interface A { b?: B }\n',
  "app/lib/circle-b.ts": 'import type { A } from "./circle-a";\nexport interface B { a?: A }\n',
  "app/site/reaches-dashboard.ts":
    'import { tabs } from "../dashboard/tabs";\nexport const t = tabs;\n',
  "app/document/reaches-server.ts":
    'import { start } from "../../server/startup";\nexport const s = start;\n',
};

let fixture: string;
let violations: { rule: { name: string }; from: string; to: string }[];

beforeAll(() => {
  fixture = mkdtempSync(path.join(tmpdir(), "import-rules-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), text);
  }
  writeFileSync(
    path.join(fixture, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { module: "ES2022", moduleResolution: "bundler" } }),
  );
  let output: string;
  try {
    output = execFileSync(
      path.join(root, "node_modules/.bin/depcruise"),
      [
        "app",
        "server",
        "--config",
        path.join(root, ".dependency-cruiser.cjs"),
        "--output-type",
        "json",
      ],
      { cwd: fixture, encoding: "utf8" },
    );
  } catch (error) {
    // depcruise exits non-zero when it finds violations; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  violations = JSON.parse(output).summary.violations;
}, 60_000);

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function broken(rule: string): string[] {
  return violations.filter((violation) => violation.rule.name === rule).map((v) => v.from);
}

describe("import rules", () => {
  it("refuses a feature importing a feature the order does not let it build on", () => {
    expect(broken("features-build-on-what-the-order-declares")).toEqual([
      "app/features/library/reaches-donations.ts",
    ]);
  });

  it("refuses an import past a feature's front door, from a feature or the site", () => {
    expect(broken("features-are-entered-by-their-front-door").sort()).toEqual([
      "app/features/donations/past-the-door.ts",
      "app/site/past-the-door.ts",
    ]);
  });

  it("refuses a feature importing the site, and a feature the order does not name", () => {
    expect(broken("features-import-shared-code-and-features")).toEqual([
      "app/features/library/reaches-site.ts",
    ]);
    expect(broken("every-feature-is-in-the-order")).toEqual([
      "app/features/undeclared/anything.ts",
    ]);
  });

  it("keeps a feature's tables to the feature, and every table to the file that owns it", () => {
    expect(broken("features-own-their-tables")).toEqual(["app/features/library/reads-gifts.ts"]);
    expect(broken("tables-from-the-file-that-owns-them")).toEqual([
      "app/site/reads-every-table.ts",
    ]);
  });

  it("keeps app/db a leaf", () => {
    expect(broken("db-is-a-leaf")).toEqual(["app/db/schema.ts"]);
  });

  it("keeps shared code from importing a feature", () => {
    expect(broken("shared-code-imports-only-shared-code").sort()).toEqual([
      "app/document/reaches-server.ts",
      "app/lib/reaches-feature.ts",
    ]);
  });

  it("refuses import circles, type-only ones included", () => {
    // One report per circle, from whichever of its modules comes first.
    const circles = broken("no-circular");
    expect(circles).toHaveLength(1);
    expect(["app/lib/circle-a.ts", "app/lib/circle-b.ts"]).toContain(circles[0]);
  });

  it("keeps the site out of the dashboard and the app out of server/", () => {
    expect(broken("site-does-not-import-the-dashboard")).toEqual(["app/site/reaches-dashboard.ts"]);
    expect(broken("app-does-not-import-the-server")).toEqual(["app/document/reaches-server.ts"]);
  });

  it("allows shared code, the feature's own files, front doors of what it builds on, and the site composing features", () => {
    const from = violations.map((violation) => violation.from);
    expect(from).not.toContain("app/features/library/allowed.ts");
    expect(from).not.toContain("app/features/donations/with-tributes.ts");
    expect(from).not.toContain("app/features/donations/gifts.ts");
    expect(from).not.toContain("app/features/library/mails.ts");
    expect(from).not.toContain("app/site/home.ts");
  });
});
