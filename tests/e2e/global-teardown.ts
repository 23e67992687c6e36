import { readFile } from "node:fs/promises";
import config, { E2E_SERVER_LOG } from "../../playwright.config";
import { scanLog } from "./log-scan";

/**
 * After the whole end-to-end run: the server's log is structured, ties request lines to request
 * ids, and holds no secret, password, token, card number or full e-mail address
 * (docs/decisions/133-structured-logs-without-secrets.md). Any finding fails the run.
 */
export default async function scanServerLog() {
  const text = await readFile(E2E_SERVER_LOG, "utf8");
  const { env } = config.webServer as { env: Record<string, string> };
  const { records, problems } = scanLog(text, [env.ADMIN_PASSWORD]);
  const requests = records.filter((record) => record.msg === "request");
  if (requests.length === 0) problems.push("no request lines were logged");
  for (const record of requests) {
    if (typeof record.requestId !== "string" || record.requestId === "") {
      problems.push(`a request line without its request id: ${JSON.stringify(record)}`);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `The e2e server log (${E2E_SERVER_LOG}) leaks or lacks:\n${problems.join("\n")}`,
    );
  }
}
