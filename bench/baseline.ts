/**
 * The A/B's baseline (docs/decisions/263-bench-ab-and-a-meter-that-fails.md): a commit built into
 * a folder of its own, `bench/.baseline-<sha>/` (git-ignored by bench/.gitignore), and kept there,
 * so that the next bench at the same commit reuses it. The folder is the commit's files
 * (`git archive`), its dependencies (the tree's node_modules linked when the two package-lock.json
 * files are the same, else `npm ci --prefer-offline`), and its own `npm run build`; a marker file
 * written last says the folder is complete. The bench serves it with its own `npm run serve`.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/**
 * The baseline a bench compares with unless `--baseline <rev>` names another: the tree of the
 * README's table, the quiet-host run of 2026-12-07 11:15 UTC (docs/decisions/
 * 270-the-final-bench-run.md; the commit before it was 22dabcf, of 2026-11-28). Change this when
 * a new run's table replaces the README's.
 */
export const DEFAULT_BASELINE = "6df19ff";

const ROOT = path.resolve(import.meta.dirname, "..");
/** The marker written once the folder is complete: the full commit id. */
const READY = ".bench-ready";

export class BaselineError extends Error {}

export interface Baseline {
  /** As asked (`--baseline`, or DEFAULT_BASELINE). */
  rev: string;
  sha: string;
  /** The commit's subject line. */
  subject: string;
  /** Absolute path of the folder the commit is built in. */
  dir: string;
  /** How its dependencies were installed. */
  dependencies: "linked" | "npm ci";
  /** Whether the folder was already built by an earlier bench. */
  reused: boolean;
}

function git(args: string[]): string {
  const result = spawnSync("git", args, { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) {
    throw new BaselineError(`git ${args.join(" ")}: ${(result.stderr || result.stdout).trim()}`);
  }
  return result.stdout.trim();
}

/** The folder a commit is built in. */
export function baselineDir(sha: string) {
  return path.join(ROOT, "bench", `.baseline-${sha.slice(0, 12)}`);
}

/** Runs `command` in `cwd`, its output appended to `log`; rejects with the log's last lines. */
async function run(command: string, args: string[], cwd: string, log: string, env = process.env) {
  const out = createWriteStream(log, { flags: "a" });
  await new Promise<void>((resolve) => out.once("open", () => resolve()));
  out.write(`\n$ ${command} ${args.join(" ")}\n`);
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  await new Promise<void>((resolve) => out.end(resolve));
  if (code !== 0) {
    const tail = readFileSync(log, "utf8").trim().split("\n").slice(-15).join("\n");
    throw new BaselineError(
      `${command} ${args.join(" ")} exited ${code} in ${cwd} (log: ${log}):\n${tail}`,
    );
  }
}

/**
 * The baseline commit `rev` built and ready to serve, made now or reused; `say` reports each step.
 * Throws BaselineError when it cannot be made (an unknown commit, an install or a build that fails).
 */
export async function prepareBaseline(
  rev: string,
  say: (line: string) => void = console.log,
): Promise<Baseline> {
  let sha: string;
  try {
    sha = git(["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]);
  } catch {
    throw new BaselineError(`no commit named ${JSON.stringify(rev)} in this repository`);
  }
  const subject = git(["log", "-1", "--format=%s", sha]);
  const dir = baselineDir(sha);
  const linked = (folder: string) =>
    readFileSync(path.join(folder, "package-lock.json"), "utf8") ===
    readFileSync(path.join(ROOT, "package-lock.json"), "utf8");
  const marker = path.join(dir, READY);
  if (existsSync(marker) && readFileSync(marker, "utf8").trim() === sha) {
    if (existsSync(path.join(dir, "build", "server", "index.js"))) {
      say(
        `Baseline ${rev} (${sha.slice(0, 12)}): reusing its build in ${path.relative(ROOT, dir)}`,
      );
      return {
        rev,
        sha,
        subject,
        dir,
        dependencies: linked(dir) ? "linked" : "npm ci",
        reused: true,
      };
    }
  }
  // Made under a name of its own, then renamed: an interrupted bench leaves no half-made folder
  // that a later one would take for complete.
  const work = `${dir}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const log = `${work}.log`;
  writeFileSync(log, `baseline ${rev} = ${sha}\n`);
  try {
    say(
      `Baseline ${rev} (${sha.slice(0, 12)} "${subject}"): extracting into ${path.relative(ROOT, dir)}`,
    );
    const archive = `${work}.tar`;
    try {
      git(["archive", "--format=tar", "-o", archive, sha]);
      await run("tar", ["-xf", archive, "-C", work], ROOT, log);
    } finally {
      rmSync(archive, { force: true });
    }
    const dependencies = linked(work) ? "linked" : "npm ci";
    if (dependencies === "linked") {
      say("  its package-lock.json is the tree's: node_modules linked");
      symlinkSync(path.join(ROOT, "node_modules"), path.join(work, "node_modules"), "dir");
    } else {
      say(
        "  its package-lock.json differs from the tree's: npm ci --prefer-offline (a minute or more)",
      );
      await run("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], work, log);
    }
    say("  npm run build (its own build script)");
    // The tree's own settings stay out of the baseline's build.
    const env = { ...process.env };
    delete env.BUILD_DIR;
    delete env.NODE_ENV;
    await run("npm", ["run", "build"], work, log, env);
    if (!existsSync(path.join(work, "build", "server", "index.js"))) {
      throw new BaselineError(
        `npm run build made no build/server/index.js in ${work} (log: ${log})`,
      );
    }
    writeFileSync(path.join(work, READY), `${sha}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(work, dir);
    rmSync(log, { force: true });
    return { rev, sha, subject, dir, dependencies, reused: false };
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    if (error instanceof BaselineError) throw error;
    throw new BaselineError(error instanceof Error ? error.message : String(error));
  }
}
