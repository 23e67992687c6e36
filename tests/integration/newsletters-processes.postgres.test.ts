// A newsletter sent by two app processes at once (docs/decisions/290-newsletter-sending-ledger.md):
// each recipient is queued exactly once, and the rate holds for both together, minute by minute.
// Two separate Node processes, each with its own connection pool, released together. Run by the
// integration-postgres project only (vitest.config.ts).
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, test } from "vitest";
import { db } from "#app/db/client.server";
import { mailOutbox, newsletterRecipients, newsletterSubscriptions } from "#app/db/schema";
import { createIssue } from "#app/features/newsletters/issues.server";
import { startSend } from "#app/features/newsletters/sending.server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const AT = new Date("2026-03-02T15:00:00Z");
const RATE = 150;

function sendProcess() {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ["--import", "tsx", "tests/integration/newsletters-send-process.ts", AT.toISOString()],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: process.env.TEST_FILE_DATABASE_URL,
        NEWSLETTER_MAILS_PER_MINUTE: String(RATE),
        REDIS_URL: "",
        LOG_LEVEL: "silent",
      },
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  async function nextLine(): Promise<string> {
    const line = await lines.next();
    if (line.done) throw new Error(`send process ended early: ${stderr}`);
    return line.value;
  }
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return { child, nextLine, exited };
}

describe("a send from two app processes", () => {
  test("300 recipients, 150 a minute: each queued once, 150 in each minute across both", {
    timeout: 180_000,
  }, async () => {
    await db()
      .insert(newsletterSubscriptions)
      .values(
        Array.from({ length: 2 * RATE }, (_, n) => ({
          firstName: `Reader ${n}`,
          email: `reader-${n}@example.org`,
          confirmedAt: AT,
        })),
      );
    const id = await createIssue({
      subjectEn: "Two processes",
      bodyEn: {
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Hi" }] }],
      },
      subjectEs: null,
      bodyEs: null,
    });
    expect(await startSend(id, AT)).toBe(2 * RATE);
    const processes = [sendProcess(), sendProcess()];
    try {
      for (const { nextLine } of processes) expect(await nextLine()).toBe("ready");
      for (const { child } of processes) child.stdin.end("go\n");
      const queued = (await Promise.all(
        processes.map(async ({ nextLine }) => JSON.parse(await nextLine())),
      )) as [number, number][];
      expect(await Promise.all(processes.map(({ exited }) => exited))).toEqual([0, 0]);
      // The rate across both, in each minute.
      expect(queued[0][0] + queued[1][0]).toBe(RATE);
      expect(queued[0][1] + queued[1][1]).toBe(RATE);
      // Each recipient queued once: one outbox mail each, every row queued.
      const mails = await db().select({ to: mailOutbox.to }).from(mailOutbox);
      expect(mails).toHaveLength(2 * RATE);
      expect(new Set(mails.map((mail) => mail.to)).size).toBe(2 * RATE);
      const rows = await db()
        .select({ state: newsletterRecipients.state })
        .from(newsletterRecipients);
      expect(rows.every((row) => row.state === "queued")).toBe(true);
    } finally {
      for (const { child } of processes) child.kill();
    }
  });
});
