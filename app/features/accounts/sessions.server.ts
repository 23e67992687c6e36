import { and, desc, eq, gt, ne } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { session } from "#app/db/schema/auth";
import { now } from "#app/lib/clock.server";

export interface StaffSession {
  id: string;
  signedInAt: Date;
  lastActiveAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

/** A user's sessions that still work, the most recently used first. */
export async function listSessions(userId: string): Promise<StaffSession[]> {
  return db()
    .select({
      id: session.id,
      signedInAt: session.createdAt,
      lastActiveAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now())))
    .orderBy(desc(session.updatedAt), desc(session.id));
}

/** Ends one of the user's own sessions; false when it is not theirs or already ended. */
export async function endSession(userId: string, sessionId: string): Promise<boolean> {
  const ended = await db()
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return ended.length > 0;
}

/** Ends every session of the user except `keepId`; returns how many ended. */
export async function endOtherSessions(userId: string, keepId: string): Promise<number> {
  const ended = await db()
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, keepId)))
    .returning({ id: session.id });
  return ended.length;
}

const BROWSERS: [string, RegExp][] = [
  ["Edge", /Edg\//],
  ["Firefox", /Firefox\//],
  ["Chrome", /Chrome\/|Chromium\//],
  ["Safari", /Safari\//],
];
const SYSTEMS: [string, RegExp][] = [
  ["Android", /Android/],
  ["iPhone", /iPhone/],
  ["iPad", /iPad/],
  ["Windows", /Windows/],
  ["macOS", /Mac OS X/],
  ["Linux", /Linux/],
];

/** A short, readable name for a browser's User-Agent ("Firefox on Windows"), never the raw string. */
export function describeDevice(userAgent: string | null): string {
  const browser = BROWSERS.find(([, pattern]) => pattern.test(userAgent ?? ""))?.[0];
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent ?? ""))?.[0];
  const name = browser ?? "Unknown browser";
  return system ? `${name} on ${system}` : name;
}
