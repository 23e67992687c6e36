import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "#app": path.resolve(import.meta.dirname, "app"),
  "#tests": path.resolve(import.meta.dirname, "tests"),
};

/**
 * Each file gets a database of its own copied from the run's migrated template (globalSetup;
 * docs/decisions/218-test-databases-from-a-template.md). `*.postgres.test.ts` files need a second
 * process on the same database: PostgreSQL only.
 */
const integration = (
  name: string,
  env: Record<string, string>,
  globalSetup: string,
  exclude: string[] = [],
) => ({
  resolve: { alias },
  test: {
    name,
    include: ["tests/integration/**/*.test.ts"],
    exclude,
    globalSetup: [globalSetup],
    setupFiles: ["tests/setup/integration.ts"],
    env: { NODE_ENV: "test", ...env },
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // Memory tests collect garbage before sampling, so they measure what is kept, not what is due.
    execArgv: ["--expose-gc"],
  },
});

const postgresUrl = process.env.TEST_DATABASE_URL;

function isRouteTypesRace(error: object) {
  const { code, path: file } = error as { code?: unknown; path?: unknown };
  return (
    code === "ENOENT" &&
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
    // two at once in two workers race, and one's write finds its folder gone. The tests never read
    // those types (`npm run typecheck` generates its own), so only that failure is let through.
    onUnhandledError: (error) => !isRouteTypesRace(error),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
          env: { NODE_ENV: "test" },
        },
      },
      integration("integration-pglite", { TEST_DB: "pglite" }, "tests/setup/pglite-global.ts", [
        "tests/integration/**/*.postgres.test.ts",
      ]),
      ...(postgresUrl
        ? [
            integration(
              "integration-postgres",
              { TEST_DB: "postgres" },
              "tests/setup/postgres-global.ts",
            ),
          ]
        : []),
    ],
  },
});
