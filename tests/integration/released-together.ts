// The app process's side of app-processes.ts' barrier: say "ready", then wait for "go".
import { once } from "node:events";

/** Says "ready" on stdout and resolves when the test writes "go" to stdin. */
export async function readyForGo(): Promise<void> {
  process.stdout.write("ready\n");
  process.stdin.setEncoding("utf8");
  await once(process.stdin, "data");
}
