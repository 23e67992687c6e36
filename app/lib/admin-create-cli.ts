// `npm run admin:create [-- --email a@b.org --password '...']`: creates (or promotes) an admin
// account on the configured database, after applying the migrations. Without arguments it asks,
// hiding the password as it is typed (a password given as an argument stays in shell history).
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { database } from "#app/db/client.server";
import { ensureAdmin } from "./admin-account.server";

async function ask(question: string, { hidden = false } = {}): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // readline echoes through this method; printing only the prompt keeps the password unseen.
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    output._writeToOutput = (text) => {
      if (text.startsWith(question)) process.stdout.write(question);
    };
  }
  try {
    return await rl.question(question);
  } finally {
    if (hidden) process.stdout.write("\n");
    rl.close();
  }
}

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" } },
});

const email = values.email ?? (await ask("Admin e-mail: "));
const password = values.password ?? (await ask("Password (at least 12 characters): ", { hidden: true }));

if (!z.email().safeParse(email.trim()).success) {
  console.error("That is not a valid e-mail address.");
  process.exit(1);
}

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
