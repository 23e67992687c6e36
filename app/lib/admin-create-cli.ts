// `npm run admin:create [-- --email a@b.org --password '...']`: creates (or promotes) an admin
// account on the configured database, after applying the migrations. Without arguments it asks,
// hiding the password as it is typed (a password given as an argument stays in shell history).
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { database } from "#app/db/client.server";
import { ensureAdmin } from "./admin-account.server";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" } },
});

/** Asks for what the arguments did not give, through one readline (stdin may be a pipe). */
async function askMissing() {
  if (values.email !== undefined && values.password !== undefined) {
    return { email: values.email, password: values.password };
  }
  const terminal = Boolean(process.stdin.isTTY);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal });
  try {
    const email = values.email ?? (await rl.question("Admin e-mail: "));
    if (values.password !== undefined) return { email, password: values.password };
    const prompt = "Password (at least 12 characters): ";
    if (terminal) {
      // readline echoes through this method; printing only the prompt keeps the password unseen.
      const output = rl as unknown as { _writeToOutput: (text: string) => void };
      output._writeToOutput = (text) => {
        if (text.startsWith(prompt)) process.stdout.write(prompt);
      };
    }
    const password = await rl.question(prompt);
    if (terminal) process.stdout.write("\n");
    return { email, password };
  } finally {
    rl.close();
  }
}

const { email, password } = await askMissing();

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
