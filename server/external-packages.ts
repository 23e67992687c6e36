/**
 * The packages the production server build leaves in node_modules for Node to load; vite.config.ts
 * bundles every other dependency into the build
 * (docs/decisions/204-dependencies-bundled-into-the-server.md).
 */
export const SERVER_EXTERNAL_PACKAGES = [
  // Reads its WebAssembly engine and its extensions' files from beside its own module.
  "@electric-sql/pglite",
  // Requires its optional native driver, `pg-native`, when a caller asks for it.
  "pg",
  // Starts its log transports in worker threads from its own files.
  "pino",
  // Loads its native renderer (a .node file per platform) from its optional packages.
  "@resvg/resvg-js",
  // Loads libvips (a .node file and its shared library per platform) from its optional packages.
  "sharp",
  // Reads its font metrics and its fonts' files from beside its own module at run time.
  "pdfkit",
];
