import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env.server";
import { logger } from "./logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType: string }[];
  /** A fixed Message-ID: a repeated delivery of one outbox mail is recognisably the same mail. */
  messageId?: string;
  /** The .eml name in the outbox folder; the same name overwrites rather than duplicates. */
  fileName?: string;
}

let transport: Transporter | undefined;

function smtpTransport(): Transporter {
  transport ??= nodemailer.createTransport(env().SMTP_URL!);
  return transport;
}

/** Folder the .eml files go to when no SMTP server is configured. */
export function outboxDir() {
  return path.join(env().DATA_DIR, "outbox");
}

/**
 * Sends an e-mail over SMTP_URL, or, without it, writes it as an .eml file to DATA_DIR/outbox
 * (the same MIME message an SMTP server would receive).
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const config = env();
  const { fileName, ...fields } = message;
  const mail = { from: config.MAIL_FROM, ...fields };
  if (config.SMTP_URL) {
    await smtpTransport().sendMail(mail);
    return;
  }
  const writer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  const info = await writer.sendMail(mail);
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, fileName ?? `${Date.now()}-${randomUUID()}.eml`);
  await writeFile(file, info.message as Buffer);
  logger.info({ file, subject: message.subject }, "e-mail written to the outbox");
}

/**
 * Sends without letting a mail failure undo what the visitor did: the submission is already
 * stored, so a failure is logged for staff to follow up.
 */
export async function sendMailSafely(message: MailMessage): Promise<void> {
  try {
    await sendMail(message);
  } catch (error) {
    logger.error({ err: error, subject: message.subject }, "e-mail could not be sent");
  }
}

/** Tells staff about a new public submission when STAFF_NOTIFY_EMAIL is set. */
export async function notifyStaff(subject: string, lines: Array<[string, string]>) {
  const to = env().STAFF_NOTIFY_EMAIL;
  if (!to) return;
  const text = lines.map(([label, value]) => `${label}: ${value}`).join("\n");
  await sendMailSafely({
    to,
    subject,
    text: `${text}\n\nSee the staff dashboard: ${env().PUBLIC_URL}/admin`,
  });
}
