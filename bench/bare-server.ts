/**
 * The bench's reference: a bare node:http server, in its own process as the app is in its own,
 * answering every request with one recorded answer (the app's /home: same bytes, same headers).
 * `node --import tsx bench/bare-server.ts <answer.json> <port>`; the file holds
 * `{ headers: [name, value][], body: base64 }`. It prints "listening" once it accepts requests.
 */
import { readFileSync } from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: bare-server.ts <answer.json> <port>");
const answer = JSON.parse(readFileSync(file, "utf8")) as {
  headers: [string, string][];
  body: string;
};
const body = Buffer.from(answer.body, "base64");
const headers = answer.headers.flat();

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(Number(port), () => console.log("listening"));
process.on("SIGTERM", () => process.exit(0));
