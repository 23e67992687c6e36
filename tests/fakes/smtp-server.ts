import net from "node:net";

/**
 * A local SMTP server speaking enough of RFC 5321 for nodemailer (greeting, EHLO/HELO, MAIL, RCPT,
 * DATA with dot-unstuffing, RSET, NOOP, QUIT), with the faults a real mail server shows:
 * - "accept": every message is taken (250) and kept in `messages`;
 * - "tempfail": the server is up but refuses mail for now (451 to MAIL FROM);
 * - "drop": the connection is cut as soon as it opens (server down or restarting);
 * - "stall": the connection opens and nothing is ever said (a hung server), until `release()`.
 */
export type SmtpMode = "accept" | "tempfail" | "drop" | "stall";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent after DATA (headers and body), dot-unstuffed. */
  data: string;
}

export async function startSmtpFake() {
  let mode: SmtpMode = "accept";
  const messages: ReceivedMail[] = [];
  const stalled = new Set<net.Socket>();
  const open = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    if (mode === "drop") {
      socket.destroy();
      return;
    }
    if (mode === "stall") {
      stalled.add(socket);
      socket.on("close", () => stalled.delete(socket));
      return;
    }
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = "";
    let envelope: { from: string; to: string[] } | null = null;
    let readingData = false;

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO") return reply("250-fake.smtp.local\r\n250-8BITMIME\r\n250 SIZE 10485760");
      if (verb === "HELO") return reply("250 fake.smtp.local");
      if (verb === "MAIL") {
        if (mode === "tempfail") return reply("451 4.3.0 Mail server temporarily unavailable");
        envelope = { from: line.replace(/^MAIL FROM:\s*/i, ""), to: [] };
        return reply("250 2.1.0 Ok");
      }
      if (verb === "RCPT") {
        if (!envelope) return reply("503 5.5.1 Need MAIL first");
        envelope.to.push(line.replace(/^RCPT TO:\s*/i, ""));
        return reply("250 2.1.5 Ok");
      }
      if (verb === "DATA") {
        if (!envelope || envelope.to.length === 0) return reply("503 5.5.1 Need RCPT first");
        readingData = true;
        return reply("354 End data with <CR><LF>.<CR><LF>");
      }
      if (verb === "RSET") {
        envelope = null;
        return reply("250 2.0.0 Ok");
      }
      if (verb === "NOOP") return reply("250 2.0.0 Ok");
      if (verb === "QUIT") {
        reply("221 2.0.0 Bye");
        socket.end();
        return;
      }
      reply("502 5.5.2 Command not recognized");
    };

    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (readingData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const data = buffer.slice(0, end + 2).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          readingData = false;
          messages.push({ ...envelope!, data });
          envelope = null;
          reply("250 2.0.0 Ok: queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        command(line);
      }
    });
    socket.on("error", () => undefined);
    reply("220 fake.smtp.local ESMTP");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    setMode(next: SmtpMode) {
      mode = next;
    },
    /** How many connections a "stall" holds hanging now. */
    stalledConnections() {
      return stalled.size;
    },
    /** Cuts the connections a "stall" left hanging: their senders see the connection drop. */
    release() {
      for (const socket of stalled) socket.destroy();
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SmtpFake = Awaited<ReturnType<typeof startSmtpFake>>;
