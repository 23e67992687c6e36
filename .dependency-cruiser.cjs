/**
 * Which folder may import which (docs/architecture.md; docs/decisions/150-feature-folders.md).
 * Run by `npm run lint`; tests/unit/import-rules.test.ts proves each rule catches what it forbids.
 */
const shared = "^app/(lib|i18n|db|components|document)/";

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
      name: "features-stay-out-of-each-other",
      severity: "error",
      comment:
        "A feature imports only shared code (app/lib, app/i18n, app/db, app/components, app/document) and itself; the site and the dashboard compose features.",
      from: { path: "^app/features/([^/]+)/" },
      to: { path: "^(app|server)/", pathNot: [shared, "^app/features/$1/"] },
    },
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
