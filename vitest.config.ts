import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "#app": path.resolve(import.meta.dirname, "app"),
  "#tests": path.resolve(import.meta.dirname, "tests"),
};

/**
 * The files that load a second copy of the app through a Vite dev server (server/app.ts or React
 * Router's server build, as `npm run dev` does). They run in a process of their own.
 */
const viteServerFiles = [
  "tests/integration/document-scripts.test.ts",
  "tests/integration/page-cache.test.ts",
  "tests/integration/seo.test.ts",
  "tests/integration/weather-page-cache.test.ts",
];

/**
 * Each file gets a database of its own copied from the run's migrated template (globalSetup;
 * docs/decisions/218-test-databases-from-a-template.md). `*.postgres.test.ts` files need a second
 * process on the same database: PostgreSQL only.
 *
 * The files share their worker's modules, loaded once, instead of importing the app anew in a new
 * process each: that was a fifth of the run. tests/setup/integration.ts gives each file what a new
 * process would have (docs/decisions/259-lighter-checks.md). The Vite-server files are a project
 * of their own, each file in a new process as before.
 */
const integration = (
  name: string,
  env: Record<string, string>,
  globalSetup: string,
  exclude: string[] = [],
) => {
  const test = {
    env: { NODE_ENV: "test", ...env },
    globalSetup: [globalSetup],
    setupFiles: ["tests/setup/starting-env.ts", "tests/setup/integration.ts"],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // Memory tests collect garbage before sampling, so they measure what is kept, not what is due.
    execArgv: ["--expose-gc"],
  };
  return [
    {
      resolve: { alias },
      test: {
        ...test,
        name,
        include: ["tests/integration/**/*.test.ts"],
        exclude: [...exclude, ...viteServerFiles],
        isolate: false,
      },
    },
    {
      resolve: { alias },
      test: { ...test, name: `${name}-vite`, include: viteServerFiles },
    },
  ];
};

const postgresUrl = process.env.TEST_DATABASE_URL;

/** A write under .react-router/types that another Vite server's typegen emptied under it. */
function isRouteTypesRace(error: object) {
  const { code, path: file } = error as { code?: unknown; path?: unknown };
  return (
    (code === "ENOENT" || code === "ENOTDIR" || code === "ENOTEMPTY") &&
    typeof file === "string" &&
    file.includes(`${path.sep}.react-router${path.sep}types${path.sep}`)
  );
}

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; the integration files spend much of their time
    // waiting on PostgreSQL, mail and HTTP, so a third file runs in that time (decision 218).
    maxWorkers: 3,
    // Every Vite dev server a test starts (seo, page-cache, document-scripts, weather-page-cache)
    // regenerates React Router's route types into .react-router/types, emptying the folder first:
    // two at once in two workers race, and one's write finds its folder gone (ENOENT) or half made
    // (ENOTDIR), or one's emptying finds a file the other just wrote (ENOTEMPTY). The tests never read those types (`npm run typecheck` generates its own), so only
    // that failure is let through.
    onUnhandledError: (error) => !isRouteTypesRace(error),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
          env: { NODE_ENV: "test" },
          // The files share their worker's modules, loaded once, each starting with the worker's
          // first environment: a new process for each was a third of the project's CPU time
          // (docs/decisions/261-checks-with-room-to-spare.md).
          setupFiles: ["tests/setup/starting-env.ts"],
          isolate: false,
        },
      },
      ...integration("integration-pglite", { TEST_DB: "pglite" }, "tests/setup/pglite-global.ts", [
        "tests/integration/**/*.postgres.test.ts",
      ]),
      ...(postgresUrl
        ? integration(
            "integration-postgres",
            { TEST_DB: "postgres" },
            "tests/setup/postgres-global.ts",
          )
        : []),
    ],
  },
});
