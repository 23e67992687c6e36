import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createBrotliCompress, createGzip } from "node:zlib";
import { createReadableStreamFromReadable } from "@react-router/node";
import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import {
  COMPRESSION_THRESHOLD,
  compressWhole,
  type Encoding,
  PER_REQUEST_BROTLI_PARAMS,
  preferredEncoding,
} from "#app/lib/content-encoding.server";

/**
 * React Router's request handler on Express, answers compressed on the way out
 * (docs/decisions/209-react-router-answers-compressed-as-sent.md). It takes the place of
 * @react-router/express, whose answers went through the `compression` middleware: that
 * middleware assigns four closures to every response, which V8 keeps in the old generation, and
 * with them the whole request, through young collections
 * (docs/decisions/207-request-objects-die-young.md).
 */
export function reactRouterAnswers({
  build,
  getLoadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}): RequestHandler {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  return async (req, res, next) => {
    try {
      const answer = await handle(fetchRequestOf(req, res), getLoadContext(req, res));
      await sendAnswer(answer, req, res);
    } catch (error) {
      next(error);
    }
  };
}

/** The Fetch API request React Router reads, aborted if the visitor leaves before the answer. */
function fetchRequestOf(req: ExpressRequest, res: ExpressResponse): Request {
  // Host and protocol as Express reads them (its "trust proxy" setting decides); a Host header
  // that is not a host name and port cannot become part of the URL.
  const host = req.host && /^[\w.\-:[\]]+$/.test(req.host) ? req.host : "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      headers.append(name, one);
    }
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  });
}

/**
 * Past this many bytes an answer still arriving is compressed as a stream: a staff export must
 * not be held in memory whole. Below it, and once it has ended, it is compressed in one call and
 * sent with its length, as pages are (docs/decisions/198-pages-compressed-whole.md).
 */
export const WHOLE_ANSWER_LIMIT = 256 * 1024;

/** Sends `answer` on `res`, compressed as the client allows when its type gains from it. */
export async function sendAnswer(answer: Response, req: ExpressRequest, res: ExpressResponse) {
  if (res.destroyed || res.writableEnded) {
    await answer.body?.cancel();
    return;
  }
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.append(name, value);
  if (!answer.body || req.method === "HEAD") {
    await answer.body?.cancel();
    res.end();
    return;
  }
  const source = Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>);
  const encoding = encodingFor(answer, req.headers["accept-encoding"]);
  if (!encoding) {
    await pipeline(source, res).catch(unlessVisitorLeft(res));
    return;
  }
  res.vary("Accept-Encoding");
  const chunks: AsyncIterator<Uint8Array> = source[Symbol.asyncIterator]();
  const start: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size <= WHOLE_ANSWER_LIMIT) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    start.push(next.value);
    size += next.value.length;
  }
  if (ended) {
    const whole = await compressWhole(Buffer.concat(start), req.headers["accept-encoding"] ?? null);
    if (whole.encoding) res.setHeader("Content-Encoding", whole.encoding);
    res.setHeader("Content-Length", whole.body.length);
    res.end(whole.body);
    return;
  }
  res.setHeader("Content-Encoding", encoding);
  res.removeHeader("Content-Length");
  // The download starts now, though the encoder may hold its first bytes for a while.
  res.flushHeaders();
  async function* wholeBody() {
    yield* start;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  const encoder =
    encoding === "br" ? createBrotliCompress({ params: PER_REQUEST_BROTLI_PARAMS }) : createGzip();
  try {
    await pipeline(wholeBody, encoder, res).catch(unlessVisitorLeft(res));
  } finally {
    // The answer's source stops too when the visitor leaves halfway.
    await chunks.return?.();
  }
}

/**
 * A visitor who leaves halfway (a closed tab, a load generator's last requests) ends the pipeline
 * with a premature close: nothing is wrong and nobody is left to answer, so it is not an error.
 */
function unlessVisitorLeft(res: ExpressResponse) {
  return (error: unknown) => {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === "ERR_STREAM_PREMATURE_CLOSE" && res.destroyed) return;
    throw error;
  };
}

/** Text in all its kinds: HTML, React Router's data, JSON, CSV, XML, scripts, SVG. */
const COMPRESSIBLE_TYPE =
  /^\s*(text\/|application\/(json|javascript|xml|x-ndjson)\b|[^;\s]+\+(json|xml)\b|image\/svg\+xml\b)/i;

/**
 * The encoding for an answer: none when it is already encoded, asks not to be transformed, has
 * no body worth compressing (a type that does not gain, or a length under 1 KB), or the client
 * takes neither brotli nor gzip.
 */
function encodingFor(answer: Response, acceptEncoding: string | undefined): Encoding | null {
  const headers = answer.headers;
  if (headers.has("Content-Encoding")) return null;
  if (/\bno-transform\b/i.test(headers.get("Cache-Control") ?? "")) return null;
  if (!COMPRESSIBLE_TYPE.test(headers.get("Content-Type") ?? "")) return null;
  const length = headers.get("Content-Length");
  if (length !== null && Number(length) < COMPRESSION_THRESHOLD) return null;
  return preferredEncoding(acceptEncoding);
}
