/**
 * `npm run test:load` (docs/decisions/125-load-test.md), on loopback against the production build:
 * 200 concurrent newsletter sign-ups (50 of them repeat an address), 50 concurrent uploads, then a
 * soak of mixed page views and form posts (SOAK_SECONDS, 300 by default) with no error and no
 * upward trend in the server's resident memory. Prints a table; exits 1 on any failed check.
 * LOAD_DATABASE=postgres runs it on a fresh database of the TEST_DATABASE_URL cluster.
 */
import { readFileSync, rmSync } from "node:fs";
import {
  type Answer,
  type AppProcess,
  freshDatabase,
  killApp,
  loopbackClient,
  pgliteRows,
  postForm,
  query,
  request,
  startApp,
  tempDir,
  uploadText,
} from "../reliability/harness";

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
if (!Number.isFinite(SOAK_SECONDS) || SOAK_SECONDS < 6) {
  console.error(
    `SOAK_SECONDS must be a number of seconds, 6 or more; it is "${process.env.SOAK_SECONDS}"`,
  );
  process.exit(1);
}
const SOAK_USERS = 8;
// Every 5 s, or more often in a short soak: twelve samples at least, four to each third that the
// memory check compares.
const MEMORY_SAMPLE_MS = Math.min(5000, (SOAK_SECONDS * 1000) / 12);

interface Row {
  phase: string;
  requests: number;
  failures: number;
  p50: string;
  p95: string;
  max: string;
  perSecond: string;
}
const table: Row[] = [];
const problems: string[] = [];

function check(condition: boolean, problem: string) {
  if (!condition) problems.push(problem);
}

function record(phase: string, answers: Answer[], failures: number, seconds: number) {
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))];
  const ms = (value: number | undefined) => (value === undefined ? "-" : `${Math.round(value)} ms`);
  table.push({
    phase,
    requests: answers.length + failures,
    failures,
    p50: ms(at(0.5)),
    p95: ms(at(0.95)),
    max: ms(times.at(-1)),
    perSecond: (answers.length / seconds).toFixed(1),
  });
}

/** The toast a redirect carries (its cookie is base64 JSON and a signature). */
function toastTitle(answer: Answer): string | null {
  const cookie = (answer.headers["set-cookie"] ?? []).find((line) => line.startsWith("toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.slice("toast=".length).split(";")[0]);
  const payload = value.slice(0, value.lastIndexOf("."));
  return (JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { title: string }).title;
}

let clients = 0;
const nextClient = () => loopbackClient(10_000 + clients++);

async function signUps(app: AppProcess) {
  const unique = Array.from({ length: 150 }, (_, n) => `load-${n}@example.org`);
  const emails = [...unique, ...unique.slice(0, 50)];
  const started = performance.now();
  const answers = await Promise.all(
    emails.map((email) =>
      postForm(app, "/home", { firstName: "Load", email }, { localAddress: nextClient() }),
    ),
  );
  record("200 sign-ups at once", answers, 0, (performance.now() - started) / 1000);
  const titles = answers.map((answer) => (answer.status === 302 ? toastTitle(answer) : null));
  const thanked = titles.filter((title) => title === "Thank you for subscribing").length;
  const duplicates = titles.filter((title) => title === "Already subscribed").length;
  check(thanked === 150, `sign-ups: ${thanked} thanked, expected 150`);
  check(duplicates === 50, `sign-ups: ${duplicates} told "Already subscribed", expected 50`);
}

async function uploads(app: AppProcess) {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, n) =>
      uploadText(
        app,
        `load-upload-${n}`,
        `Load upload ${n}\n${"food shelter clinic ".repeat(5000)}`,
        nextClient(),
      ),
    ),
  );
  record("50 uploads at once", answers, 0, (performance.now() - started) / 1000);
  const accepted = answers.filter((answer) => answer.status === 302).length;
  check(accepted === 50, `uploads: ${accepted} accepted, expected 50`);
}

/** Resident size now (VmRSS) or at its highest so far (VmHWM), in MB. */
function residentMegabytes(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

/**
 * The most resident memory the server may hold after the load, on the embedded database
 * (docs/decisions/103-server-memory-and-start.md).
 */
const MEMORY_TARGET_MB = 300;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function soak(app: AppProcess) {
  const pages = ["/", "/about", "/resources", "/contact", "/volunteer", "/resources?q=food"];
  const answers: Answer[] = [];
  let failures = 0;
  const memory: number[] = [];
  const pid = app.child.pid ?? 0;
  const sampler = setInterval(() => memory.push(residentMegabytes(pid)), MEMORY_SAMPLE_MS);
  const until = performance.now() + SOAK_SECONDS * 1000;
  const user = async (id: number) => {
    for (let n = 0; performance.now() < until; n++) {
      try {
        const answer =
          n % 5 === 4
            ? await postForm(
                app,
                "/contact",
                { name: "Soak", email: `soak-${id}-${n}@example.org`, message: "Hello" },
                { localAddress: nextClient() },
              )
            : await request(`${app.url}${pages[(id + n) % pages.length]}`);
        if (answer.status >= 400) failures++;
        // Only the timing is needed: a soak's page bodies would fill gigabytes.
        answers.push({ ...answer, body: "" });
      } catch {
        failures++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: SOAK_USERS }, (_, id) => user(id)));
  clearInterval(sampler);
  record(`soak, ${SOAK_SECONDS} s`, answers, failures, (performance.now() - started) / 1000);
  check(failures === 0, `soak: ${failures} failed requests`);

  // A leak shows as the last third of the run sitting clearly above the middle third.
  const third = Math.floor(memory.length / 3);
  const middle = median(memory.slice(third, 2 * third));
  const last = median(memory.slice(2 * third));
  const growthAllowed = middle * 0.1 + 10;
  console.log(
    `Resident memory (MB): start ${memory[0]?.toFixed(0)}, middle third ${middle.toFixed(0)}, last third ${last.toFixed(0)}, peak ${Math.max(...memory).toFixed(0)}`,
  );
  check(
    memory.length < 6 || last - middle <= growthAllowed,
    `soak: resident memory grew from ${middle.toFixed(0)} MB to ${last.toFixed(0)} MB`,
  );
  // Reported, not checked: the bench (npm run bench) is where the performance targets are measured.
  console.log(
    `Resident memory after the load: ${residentMegabytes(pid).toFixed(0)} MB (peak ${residentMegabytes(pid, "VmHWM").toFixed(0)} MB; target <= ${MEMORY_TARGET_MB} MB on PGlite)`,
  );
}

async function main() {
  const dataDir = tempDir("load");
  const postgres = process.env.LOAD_DATABASE === "postgres" ? await freshDatabase() : undefined;
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const rows = <Row>(sql: string) =>
    postgres ? query<Row>(postgres.url, sql) : pgliteRows<Row>(dataDir, sql);
  let app: AppProcess | undefined;
  try {
    app = await startApp(env);
    await signUps(app);
    await uploads(app);
    await soak(app);
    app.child.kill("SIGTERM");
    check((await app.exited) === 0, "the server did not stop cleanly");

    const [signedUp] = await rows<{ count: string }>(
      "select count(*) from newsletter_subscriptions where email like 'load-%'",
    );
    check(Number(signedUp.count) === 150, `sign-ups: ${signedUp.count} rows, expected 150`);
    const [uploaded] = await rows<{ count: string }>(
      "select count(*) from documents where title like 'load-upload-%'",
    );
    check(Number(uploaded.count) === 50, `uploads: ${uploaded.count} rows, expected 50`);
  } finally {
    await killApp(app);
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`\nLoad test on ${postgres ? "PostgreSQL" : "PGlite"} (loopback, production build)`);
  console.table(table);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`FAILED: ${problem}`);
    process.exit(1);
  }
  console.log("All load checks passed.");
}

await main();
