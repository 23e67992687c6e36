// `npm run admin:create [-- --email a@b.org --password '...']`: creates (or promotes) an admin
// account on the configured database, after applying the migrations. Without arguments it asks,
// hiding the password as it is typed (a password given as an argument stays in shell history).
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { z } from "zod";
import { database } from "#app/db/client.server";
import { ensureAdmin } from "#app/features/accounts/admin-account.server";
import { configureDatabaseFromEnv } from "../server/startup";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" } },
});

/** Asks for what the arguments did not give; stdin may be a terminal or a pipe. */
async function askMissing() {
  if (values.email !== undefined && values.password !== undefined) {
    return { email: values.email, password: values.password };
  }
  const terminal = Boolean(process.stdin.isTTY);
  // readline echoes what is typed to `output`: this stream lets the password go unechoed.
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal });
  // Lines are read from the iterator: a pipe may deliver both answers before the second question.
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (prompt: string) => {
    process.stdout.write(prompt);
    const { value, done } = await lines.next();
    if (done) throw new Error("No answer was given.");
    return value as string;
  };
  try {
    const email = values.email ?? (await ask("Admin e-mail: "));
    if (values.password !== undefined) return { email, password: values.password };
    muted = true;
    const password = await ask("Password (at least 12 characters): ");
    process.stdout.write("\n");
    return { email, password };
  } finally {
    rl.close();
  }
}

const { email, password } = await askMissing().catch((error: Error) => {
  console.error(`\n${error.message}`);
  process.exit(1);
});

if (!z.email().safeParse(email.trim()).success) {
  console.error("That is not a valid e-mail address.");
  process.exit(1);
}

configureDatabaseFromEnv();
const handle = database();
try {
  await handle.migrate();
  const result = await ensureAdmin(email, password, { promote: true });
  const messages = {
    created: `Admin account created for ${email.trim().toLowerCase()}.`,
    promoted: `${email.trim().toLowerCase()} already had an account; it is now an admin.`,
    exists: `${email.trim().toLowerCase()} is already an admin; nothing changed.`,
  };
  console.log(messages[result]);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await handle.close();
}
