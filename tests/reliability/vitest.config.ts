import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The reliability tests (`npm run test:reliability`): real app processes on the production build,
 * stopped, killed and cut off from their database. One file at a time: each starts servers.
 */
export default defineConfig({
  root,
  resolve: {
    alias: { "#app": path.join(root, "app"), "#tests": path.join(root, "tests") },
  },
  test: {
    name: "reliability",
    include: ["tests/reliability/**/*.test.ts"],
    env: { NODE_ENV: "test" },
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
