/**
 * Which folder may import which (docs/architecture.md; docs/decisions/150-feature-folders.md,
 * docs/decisions/265-features-through-front-doors.md). Run by `npm run lint`;
 * tests/unit/import-rules.test.ts proves each rule catches what it forbids.
 */
const path = require("node:path");

const shared = "^app/(lib|i18n|db|components|document)/";

// The features' order is read from the tree being cruised (the repository, or the import rules'
// test fixture), so the rules below are made for whichever features that tree declares.
const order = require(path.resolve("app/features/order.cjs"));
const features = Object.keys(order);
const frontDoor = (feature) => `^app/features/${feature}/index(\\.server)?\\.ts$`;

const throughFrontDoors = features.map((feature) => ({
  name: "features-are-entered-by-their-front-door",
  severity: "error",
  comment: `Outside app/features/${feature}/, only its index.ts and index.server.ts are imported.`,
  from: { path: "^(app|server)/", pathNot: `^app/features/${feature}/` },
  to: { path: `^app/features/${feature}/`, pathNot: frontDoor(feature) },
}));

// Each feature's tables are in app/db/schema/<feature>.ts (or <feature>-<part>.ts); only that
// feature imports them, and any other module reaches that data through the feature's front door.
const ownsItsTables = features.map((feature) => ({
  name: "features-own-their-tables",
  severity: "error",
  comment: `Only app/features/${feature}/ reads and writes the tables of app/db/schema/${feature}.ts.`,
  from: {
    path: "^(app|server)/",
    pathNot: [`^app/features/${feature}/`, "^app/db/"],
  },
  to: { path: [`^app/db/schema/${feature}\\.ts$`, `^app/db/schema/${feature}-[a-z]+\\.ts$`] },
}));

const inDeclaredOrder = features.map((feature) => ({
  name: "features-build-on-what-the-order-declares",
  severity: "error",
  comment: `app/features/order.cjs lets ${feature} build on: ${order[feature].join(", ") || "no feature"}.`,
  from: { path: `^app/features/${feature}/` },
  // A deep import into a declared feature is the front-door rule's to report, not this one's.
  to: {
    path: "^app/features/[^/]+/",
    pathNot: `^app/features/(${[feature, ...order[feature]].join("|")})/`,
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No import circles, type-only ones included: each module can be read after its imports.",
      from: { path: "^(app|server)/" },
      to: { circular: true },
    },
    {
      name: "db-is-a-leaf",
      severity: "error",
      comment: "app/db holds the schema and the client; it imports nothing else of the app.",
      from: { path: "^app/db/" },
      to: { path: "^(app|server)/", pathNot: "^app/db/" },
    },
    {
      name: "shared-code-imports-only-shared-code",
      severity: "error",
      comment:
        "app/lib, app/i18n, app/components and app/document serve every feature: they never import a feature, the site or the dashboard.",
      from: { path: shared },
      to: { path: "^(app|server)/", pathNot: [shared, "^app/app\\.css$"] },
    },
    {
      name: "features-import-shared-code-and-features",
      severity: "error",
      comment:
        "A feature imports shared code (app/lib, app/i18n, app/db, app/components, app/document), itself and the features it builds on; the site and the dashboard compose features.",
      from: { path: "^app/features/" },
      to: { path: "^(app|server)/", pathNot: [shared, "^app/features/"] },
    },
    {
      name: "every-feature-is-in-the-order",
      severity: "error",
      comment: "A folder of app/features/ that app/features/order.cjs does not name has no rules.",
      from: { path: "^app/features/[^/]+/", pathNot: `^app/features/(${features.join("|")})/` },
      to: {},
    },
    ...throughFrontDoors,
    ...ownsItsTables,
    {
      name: "tables-from-the-file-that-owns-them",
      severity: "error",
      comment:
        "app/db/schema.ts re-exports every table for the database client and drizzle-kit; the app imports a table from the file that owns it (app/db/schema/).",
      from: { path: "^(app|server)/", pathNot: "^app/db/" },
      to: { path: "^app/db/schema\\.ts$" },
    },
    ...inDeclaredOrder,
    {
      name: "dashboard-does-not-import-the-site",
      severity: "error",
      comment: "The dashboard composes features; the public site is not its business.",
      from: { path: "^app/dashboard/" },
      to: { path: "^(app/site/|server/|app/root|app/routes\\.ts)" },
    },
    {
      name: "site-does-not-import-the-dashboard",
      severity: "error",
      comment: "The public site composes features; it never reaches into the staff dashboard.",
      from: { path: "^app/site/" },
      to: { path: "^(app/dashboard/|server/|app/root|app/routes\\.ts)" },
    },
    {
      name: "app-does-not-import-the-server",
      severity: "error",
      comment: "server/ runs the app; the app never reaches back into the HTTP process.",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)\\.react-router/|\\+types/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".json", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
