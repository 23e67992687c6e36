// Several app processes at once, for the integration-postgres tests of work that processes share
// (shifts-processes, newsletters-processes, pages-schedule): each a separate Node process with its
// own connection pool on this test file's database, released together. The process side of the
// barrier is `readyForGo` in released-together.ts.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface AppProcess {
  child: ChildProcessWithoutNullStreams;
  /** The next line the process prints; throws, with what it wrote to stderr, if it ended. */
  nextLine: () => Promise<string>;
  /** Its exit code, once it has ended. */
  exited: Promise<number | null>;
}

/**
 * `script` (a path from the repository's root) run with `args`, on this test file's database, with
 * no Redis and no logs; `env` adds to that environment.
 */
export function appProcess(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): AppProcess {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: process.env.TEST_FILE_DATABASE_URL,
      REDIS_URL: "",
      LOG_LEVEL: "silent",
      ...env,
    },
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  async function nextLine(): Promise<string> {
    const line = await lines.next();
    if (line.done) throw new Error(`${path.basename(script)} ended early: ${stderr}`);
    return line.value;
  }
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return { child, nextLine, exited };
}

/**
 * Waits until every process says "ready", then tells them all "go" at once; resolves to the line
 * each prints next, in the processes' order.
 */
export async function releaseTogether(processes: AppProcess[]): Promise<string[]> {
  for (const { nextLine } of processes) {
    const line = await nextLine();
    if (line !== "ready") throw new Error(`an app process said "${line}" before "ready"`);
  }
  for (const { child } of processes) child.stdin.end("go\n");
  return Promise.all(processes.map(({ nextLine }) => nextLine()));
}

/** Ends the processes still running (a failed test's). */
export function stopAll(processes: AppProcess[]) {
  for (const { child } of processes) if (child.exitCode === null) child.kill();
}
