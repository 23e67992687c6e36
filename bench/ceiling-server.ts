/**
 * The load generator's ceiling (docs/decisions/217-wrk-sends-the-bench-load.md): the cheapest
 * server this host can run, sending the same recorded answer as bare-server.ts. It parses no
 * HTTP: the whole answer (status line, headers, body) is built once, and each request's end
 * (a blank line; the bench sends GETs without a body) is answered by writing that buffer to the
 * socket. What wrk reaches against it is a floor of wrk's own ceiling on this host: if the bare
 * node:http server comes close to it, the reference measures the generator, not node:http.
 * `node --import tsx bench/ceiling-server.ts <answer.json> <port>`, the file as bare-server.ts's.
 */
import { readFileSync } from "node:fs";
import net from "node:net";

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: ceiling-server.ts <answer.json> <port>");
const answer = JSON.parse(readFileSync(file, "utf8")) as {
  headers: [string, string][];
  body: string;
};
const head = `HTTP/1.1 200 OK\r\n${answer.headers.map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`;
const response = Buffer.concat([Buffer.from(head, "latin1"), Buffer.from(answer.body, "base64")]);
const END = Buffer.from("\r\n\r\n");

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  // The last 3 bytes of the previous chunk: a request's end may be split between two.
  let carry = Buffer.alloc(0);
  socket.on("data", (chunk: Buffer) => {
    const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let requests = 0;
    for (let at = data.indexOf(END); at !== -1; at = data.indexOf(END, at + END.length)) {
      requests++;
    }
    carry = Buffer.from(data.subarray(Math.max(0, data.length - (END.length - 1))));
    if (requests === 1) socket.write(response);
    else if (requests > 1) socket.write(Buffer.concat(Array(requests).fill(response)));
  });
  socket.on("error", () => socket.destroy());
});
server.listen(Number(port), () => console.log("listening"));
process.on("SIGTERM", () => process.exit(0));
