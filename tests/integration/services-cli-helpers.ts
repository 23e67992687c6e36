// Runs `npm run services:import`'s script as its own process, as a staff member would
// (tests/integration/services-cli.test.ts, services-cli.postgres.test.ts).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
export const FIXTURE = path.join(ROOT, "tests/fixtures/hsds/houston-directory.json");

export async function importCommand(env: Record<string, string>, ...args: string[]) {
  const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent" };
  delete base.DATABASE_URL;
  delete base.REDIS_URL;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/services-import.ts", ...args],
      { cwd: ROOT, env: { ...base, ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
