import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { sendAnswer, WHOLE_ANSWER_LIMIT } from "../../server/react-router-answers";

let server: http.Server | undefined;
/** What `sendAnswer` failed with, as Express's error handler would receive it. */
let failures: unknown[] = [];
afterEach(async () => {
  failures = [];
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server answering every request with what `answer` makes, sent by `sendAnswer`. */
async function serve(answer: () => Response): Promise<string> {
  const app = express();
  app.use((req, res, next) => {
    sendAnswer(answer(), req, res).catch((error) => {
      failures.push(error);
      next(error);
    });
  });
  const started = http.createServer(app);
  server = started;
  await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** An answer's status, headers and bytes as they came over the wire, not decoded. */
function collect(answer: http.IncomingMessage): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    answer.on("data", (chunk: Buffer) => chunks.push(chunk));
    answer.on("end", () =>
      resolve({
        status: answer.statusCode ?? 0,
        headers: answer.headers,
        body: Buffer.concat(chunks),
      }),
    );
    answer.on("error", reject);
  });
}

/** The answer to a request for `url`, not decoded. */
function get(url: string, acceptEncoding: string, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers: { "Accept-Encoding": acceptEncoding } }, (answer) =>
        collect(answer).then(resolve, reject),
      )
      .on("error", reject)
      .end();
  });
}

// React Router's single-fetch data, as a `.data` request gets it.
const DATA = JSON.stringify(
  Array.from({ length: 400 }, (_, index) => ({ title: `Shelter ${index}`, open: "tonight" })),
);
const data = (headers: Record<string, string> = {}) =>
  new Response(DATA, { headers: { "Content-Type": "text/x-script", ...headers } });

describe("sendAnswer", () => {
  test("compresses a finished answer whole, in the encoding the client prefers, with its length", async () => {
    const url = await serve(() => data());

    const brotli = await get(url, "gzip, deflate, br, zstd");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-length"]).toBe(String(brotli.body.length));
    expect(brotli.headers["transfer-encoding"]).toBeUndefined();
    expect(brotli.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(brotli.body).toString()).toBe(DATA);

    const gzip = await get(url, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(DATA);

    const identity = await get(url, "identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString()).toBe(DATA);
  });

  test("leaves alone what gains nothing or must not change", async () => {
    const cases: [string, () => Response][] = [
      ["under 1 KB", () => new Response("short", { headers: { "Content-Type": "text/plain" } })],
      ["not text", () => new Response(DATA, { headers: { "Content-Type": "application/pdf" } })],
      ["no-transform", () => data({ "Cache-Control": "private, no-transform" })],
    ];
    for (const [label, answer] of cases) {
      const url = await serve(answer);
      const raw = await get(url, "br");
      expect(raw.headers["content-encoding"], label).toBeUndefined();
      expect(raw.body.toString(), label).toBe(await answer().text());
      server?.closeAllConnections();
      server?.close();
    }
  });

  test("passes an answer already encoded through byte for byte", async () => {
    const encoded = Buffer.from([1, 2, 3, 4, 5]);
    const url = await serve(
      () =>
        new Response(encoded, {
          headers: { "Content-Type": "text/html", "Content-Encoding": "br" },
        }),
    );
    const raw = await get(url, "br, gzip");
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(raw.body.equals(encoded)).toBe(true);
  });

  test("keeps status, every Set-Cookie, and sends no body to HEAD", async () => {
    const url = await serve(() => {
      const headers = new Headers({ "Content-Type": "text/x-script" });
      headers.append("Set-Cookie", "a=1; Path=/");
      headers.append("Set-Cookie", "b=2; Path=/");
      return new Response(DATA, { status: 404, headers });
    });
    const raw = await get(url, "br");
    expect(raw.status).toBe(404);
    expect(raw.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    const head = await get(url, "br", "HEAD");
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
  });

  test("streams a long answer compressed while it is still being made", async () => {
    const line = `${"name,phone,open tonight\n".repeat(40)}`;
    const lines = Math.ceil((WHOLE_ANSWER_LIMIT * 2) / line.length);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let made = 0;
    const url = await serve(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async pull(controller) {
              // The last quarter waits until the client has seen the headers.
              if (made === Math.floor((lines * 3) / 4)) await held;
              if (made === lines) controller.close();
              else {
                made += 1;
                controller.enqueue(new TextEncoder().encode(line));
              }
            },
          }),
          { headers: { "Content-Type": "text/csv; charset=utf-8" } },
        ),
    );
    const answered = new Promise<Raw>((resolve, reject) => {
      http
        .get(url, { headers: { "Accept-Encoding": "br" } }, (answer) => {
          // Headers before the source has finished: the answer is not held whole.
          expect(made).toBeLessThan(lines);
          release();
          collect(answer).then(resolve, reject);
        })
        .on("error", reject);
    });
    const raw = await answered;
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(raw.headers["transfer-encoding"]).toBe("chunked");
    expect(brotliDecompressSync(raw.body).toString()).toBe(line.repeat(lines));
  });

  test("stops a long answer's source when the client leaves halfway", async () => {
    let cancelled = false;
    let made = 0;
    const url = await serve(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async pull(controller) {
              made += 1;
              await new Promise((resolve) => setTimeout(resolve, 1));
              controller.enqueue(new TextEncoder().encode(`${made},${"x".repeat(4000)}\n`));
            },
            cancel() {
              cancelled = true;
            },
          }),
          { headers: { "Content-Type": "text/csv" } },
        ),
    );
    await new Promise<void>((resolve, reject) => {
      const request = http.get(url, { headers: { "Accept-Encoding": "gzip" } }, (answer) => {
        answer.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", () => {});
      setTimeout(() => reject(new Error("no data")), 10_000);
    });
    await expect.poll(() => cancelled, { timeout: 5000 }).toBe(true);
    const madeWhenCancelled = made;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(made).toBe(madeWhenCancelled);
    // A visitor leaving is not an error: nothing reaches the error handler (and the log).
    expect(failures).toEqual([]);
  });
});
