import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { type NewsletterBody, newsletters } from "#app/db/schema/newsletters";
import { now } from "#app/lib/clock.server";

/** Newsletters as staff write them, and as the archive shows them once sent. */

export interface IssueInput {
  subjectEn: string;
  bodyEn: NewsletterBody;
  subjectEs: string | null;
  bodyEs: NewsletterBody | null;
}

export async function createIssue(input: IssueInput, at: Date = now()) {
  const [row] = await db()
    .insert(newsletters)
    .values({ ...input, createdAt: at, updatedAt: at })
    .returning({ id: newsletters.id });
  return row.id;
}

/** A draft or a scheduled issue can still be changed; one that started cannot. */
export async function updateIssue(id: string, input: IssueInput, at: Date = now()) {
  const rows = await db()
    .update(newsletters)
    .set({ ...input, updatedAt: at })
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, ["draft", "scheduled"])))
    .returning({ id: newsletters.id });
  return rows.length > 0;
}

export async function findIssue(id: string) {
  const [row] = await db().select().from(newsletters).where(eq(newsletters.id, id));
  return row ?? null;
}

export function listIssues() {
  return db()
    .select()
    .from(newsletters)
    .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
    .limit(200);
}

/** The archive: sent issues, newest first. */
export function sentIssues() {
  return db()
    .select()
    .from(newsletters)
    .where(eq(newsletters.status, "sent"))
    .orderBy(desc(newsletters.sentAt), desc(newsletters.id));
}

export async function sentIssue(id: string) {
  const [row] = await db()
    .select()
    .from(newsletters)
    .where(and(eq(newsletters.id, id), eq(newsletters.status, "sent")));
  return row ?? null;
}
