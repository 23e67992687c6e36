import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "#app": path.resolve(import.meta.dirname, "app"),
  "#tests": path.resolve(import.meta.dirname, "tests"),
};

/** `*.postgres.test.ts` files need a second process on the same database: PostgreSQL only. */
const integration = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  resolve: { alias },
  test: {
    name,
    include: ["tests/integration/**/*.test.ts"],
    exclude,
    setupFiles: ["tests/setup/integration.ts"],
    env: { NODE_ENV: "test", ...env },
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // Memory tests collect garbage before sampling, so they measure what is kept, not what is due.
    execArgv: ["--expose-gc"],
  },
});

const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
          env: { NODE_ENV: "test" },
        },
      },
      integration("integration-pglite", { TEST_DB: "pglite" }, [
        "tests/integration/**/*.postgres.test.ts",
      ]),
      ...(postgresUrl
        ? [
            {
              ...integration("integration-postgres", { TEST_DB: "postgres" }),
              test: {
                ...integration("integration-postgres", { TEST_DB: "postgres" }).test,
                // One shared database: files run one after another.
                fileParallelism: false,
                globalSetup: ["tests/setup/postgres-global.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
