import { data } from "react-router";
import { unsubscribedSince } from "#app/features/forms/index.server";
import { loadList } from "#app/lib/admin/actions.server";
import { formatDisplayDate } from "#app/lib/admin/dates.server";
import { tabRoles } from "#app/lib/admin/tab";
import { requireRole } from "#app/lib/auth/session.server";
import { now } from "#app/lib/clock.server";
import { assertFormPost, readForm } from "#app/lib/form-actions.server";
import { toHoustonLocal } from "#app/lib/houston-calendar";
import { logger } from "#app/lib/logger.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { docToMarkedText } from "../body-text";
import { latestBounces } from "../bounces.server";
import { createIssue, findIssue, listIssues, updateIssue } from "../issues.server";
import {
  pauseSend,
  recipientSubscriberIds,
  resumeSend,
  scheduleSend,
  sendCounts,
  sendTest,
  startSend,
  unscheduleSend,
} from "../sending.server";
import type { NewsletterStatus } from "../states";
import { issueIntentSchema, readIssueForm, readSendAt } from "./schemas.server";
import { newslettersTab } from "./tab";

/** The staff side of newsletters (docs/decisions/292-newsletters-tab-and-role.md). */

const TAB = "/admin/newsletters";
const statusNames: Record<NewsletterStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
};

const requireNewsletterStaff = (request: Request) => requireRole(request, tabRoles(newslettersTab));

export async function newslettersTabLoader(request: Request) {
  await requireNewsletterStaff(request);
  const issues = await loadList(async () => {
    const rows = await listIssues();
    const counts = await sendCounts(rows.map((row) => row.id));
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        subject: row.subjectEn,
        spanish: row.subjectEs !== null,
        status: statusNames[row.status as NewsletterStatus],
        when: row.sentAt
          ? `Sent ${formatDisplayDate(row.sentAt)}`
          : row.sendAt
            ? `At ${formatDisplayDate(row.sendAt)}`
            : row.startedAt
              ? `Started ${formatDisplayDate(row.startedAt)}`
              : "",
        counts: counts.get(row.id) ?? null,
        unsubscribedSince: row.startedAt
          ? await unsubscribedSince(await recipientSubscriberIds(row.id), row.startedAt)
          : null,
      })),
    );
  }, "Failed to load newsletters");
  const bounces = await loadList(
    async () =>
      (await latestBounces()).map((row) => ({
        id: row.id,
        email: row.email,
        kind: row.kind,
        date: formatDisplayDate(row.createdAt),
        stopped: row.kind !== "soft",
      })),
    "Failed to load bounces",
  );
  return { issues, bounces };
}

export async function newslettersTabAction(request: Request) {
  await requireNewsletterStaff(request);
  assertFormPost(request);
  const parsed = readIssueForm(await readForm(request));
  if (!parsed.ok) return data(parsed.reply, { status: 400 });
  try {
    const id = await createIssue(parsed.input);
    return redirectWithToast(`${TAB}/${id}`, {
      type: "success",
      title: "Draft saved",
      description: "Send yourself a test, then send it now or at a time.",
    });
  } catch (error) {
    logger.error({ err: error }, "saving a newsletter failed");
    return redirectWithToast(TAB, { type: "error", title: "The newsletter could not be saved" });
  }
}

export async function newsletterEditorLoader(request: Request, id: string) {
  const user = await requireNewsletterStaff(request);
  const issue = /^[0-9a-f-]{36}$/.test(id) ? await findIssue(id) : null;
  if (!issue) throw new Response("Not found", { status: 404 });
  const counts = (await sendCounts([id])).get(id) ?? null;
  return {
    staffEmail: user.email,
    issue: {
      id: issue.id,
      status: issue.status as NewsletterStatus,
      statusName: statusNames[issue.status as NewsletterStatus],
      subjectEn: issue.subjectEn,
      bodyEn: docToMarkedText(issue.bodyEn),
      subjectEs: issue.subjectEs ?? "",
      bodyEs: issue.bodyEs ? docToMarkedText(issue.bodyEs) : "",
      sendAt: issue.sendAt ? toHoustonLocal(issue.sendAt) : "",
      sendAtShown: issue.sendAt ? formatDisplayDate(issue.sendAt) : null,
      sentAt: issue.sentAt ? formatDisplayDate(issue.sentAt) : null,
    },
    counts,
    unsubscribedSince: issue.startedAt
      ? await unsubscribedSince(await recipientSubscriberIds(id), issue.startedAt)
      : null,
    now: toHoustonLocal(now()),
  };
}

const toasts = {
  save: { type: "success", title: "Newsletter saved" },
  test: { type: "success", title: "Test sent", description: "Check your inbox in a minute." },
  send: {
    type: "success",
    title: "Sending started",
    description: "Every subscriber gets it once.",
  },
  schedule: { type: "success", title: "Send scheduled" },
  unschedule: { type: "success", title: "Back to draft", description: "It will not be sent." },
  pause: { type: "success", title: "Sending paused" },
  resume: { type: "success", title: "Sending resumed" },
} as const;

export async function newsletterEditorAction(request: Request, id: string) {
  const user = await requireNewsletterStaff(request);
  assertFormPost(request);
  const form = await readForm(request);
  const intent = issueIntentSchema.safeParse(form.get("intent"));
  const back = `${TAB}/${id}`;
  const refused = { type: "error", title: "That is not possible for this newsletter now" } as const;
  if (!intent.success || !/^[0-9a-f-]{36}$/.test(id)) return redirectWithToast(back, refused);
  try {
    let done = false;
    switch (intent.data) {
      case "save": {
        const parsed = readIssueForm(form);
        if (!parsed.ok) return data(parsed.reply, { status: 400 });
        done = await updateIssue(id, parsed.input);
        break;
      }
      case "test":
        done = await sendTest(id, user.email);
        break;
      case "send":
        done = (await startSend(id)) !== null;
        break;
      case "schedule": {
        const sendAt = readSendAt(form, now());
        if (!sendAt.ok)
          return data({ errors: { sendAt: sendAt.error }, values: {} }, { status: 400 });
        done = await scheduleSend(id, sendAt.at);
        break;
      }
      case "unschedule":
        done = await unscheduleSend(id);
        break;
      case "pause":
        done = await pauseSend(id);
        break;
      case "resume":
        done = await resumeSend(id);
        break;
    }
    return redirectWithToast(back, done ? toasts[intent.data] : refused);
  } catch (error) {
    logger.error({ err: error, id }, "a newsletter action failed");
    return redirectWithToast(back, {
      type: "error",
      title: "Something went wrong. Please try again.",
    });
  }
}
