/**
 * Test files that share a worker's modules (vitest.config.ts: `isolate: false`) each start with
 * the environment the worker started with, as a new process would: a variable one file set or
 * removed does not reach the next.
 */
import { beforeAll } from "vitest";

const worker = globalThis as typeof globalThis & { __startingEnv?: NodeJS.ProcessEnv };
worker.__startingEnv ??= { ...process.env };
const startingEnv = worker.__startingEnv;

beforeAll(() => {
  for (const name of Object.keys(process.env)) {
    if (!(name in startingEnv)) delete process.env[name];
  }
  Object.assign(process.env, startingEnv);
});
