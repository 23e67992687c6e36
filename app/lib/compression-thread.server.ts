import type { NonSharedBuffer } from "node:buffer";
import { Worker } from "node:worker_threads";
import type { BrotliOptions } from "node:zlib";

/**
 * Brotli for pages rendered per request, made by one worker thread
 * (docs/decisions/201-page-compression-in-a-worker-thread.md). Node's asynchronous
 * `zlib.brotliCompress` spent the main thread's time on its stream and a thread-pool round trip
 * per 16 KB, and the process's on a new encoder's memory for every page; the worker makes one
 * synchronous call a page, and the main thread only hands the page over.
 */

type Job = [id: number, body: Uint8Array<ArrayBuffer>, options: BrotliOptions];
/** The compressed bytes, or the error, and the page itself handed back. */
type Answer = [
  id: number,
  compressed: Uint8Array<ArrayBuffer> | null,
  body: Uint8Array,
  error?: string,
];

/**
 * The worker's own code. Every buffer goes back to the main thread, whose frequent collections
 * free it: the worker allocates almost nothing on its own heap, so pages left there would wait
 * long for its first collection (about 40 MB more memory in a load test).
 */
function compressionThreadMain() {
  const { parentPort } = require("node:worker_threads") as typeof import("node:worker_threads");
  const { brotliCompressSync } = require("node:zlib") as typeof import("node:zlib");
  parentPort?.on("message", ([id, body, options]: Job) => {
    try {
      const compressed = brotliCompressSync(body, options);
      parentPort.postMessage([id, compressed, body] satisfies Answer, [
        compressed.buffer,
        body.buffer,
      ]);
    } catch (error) {
      parentPort.postMessage([id, null, body, String(error)] satisfies Answer, [body.buffer]);
    }
  });
}

interface Waiting {
  resolve: (compressed: NonSharedBuffer) => void;
  reject: (error: Error) => void;
}

/** The running thread and the pages it holds: a thread that ends fails only its own. */
interface CompressionThread {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

let thread: CompressionThread | null = null;
let nextId = 0;

function compressionThread(): CompressionThread {
  if (thread) return thread;
  const waiting = new Map<number, Waiting>();
  // Its code is this module's function, so the build needs no file of its own for it.
  const started = new Worker(`(${compressionThreadMain.toString()})()`, {
    eval: true,
    // Run as CommonJS, whatever flags started this process (`--input-type=module` would not).
    execArgv: [],
    // It holds one page at a time.
    resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 16 },
  });
  started.on("message", ([id, compressed, , error]: Answer) => {
    const job = waiting.get(id);
    waiting.delete(id);
    // Held only while it has work: an idle thread never keeps the process from exiting.
    if (waiting.size === 0) started.unref();
    if (compressed) {
      job?.resolve(Buffer.from(compressed.buffer, compressed.byteOffset, compressed.byteLength));
    } else job?.reject(new Error(error ?? "compression failed"));
  });
  // A thread that fails or stops takes its jobs with it; the next page starts a new one.
  const current = { worker: started, waiting };
  const gone = (error: Error) => {
    if (thread === current) thread = null;
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };
  started.on("error", gone);
  started.on("exit", (code) => gone(new Error(`the compression thread stopped (${code})`)));
  thread = current;
  return current;
}

/**
 * `body` in brotli with `options`, compressed off the main thread. A copy is handed over, so
 * `body` stays the caller's; the promise rejects if the thread fails or stops first.
 */
export function brotliInThread(body: Uint8Array, options: BrotliOptions): Promise<NonSharedBuffer> {
  const { worker, waiting } = compressionThread();
  const id = nextId++;
  const copy = new Uint8Array(body);
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.ref();
    worker.postMessage([id, copy, options] satisfies Job, [copy.buffer]);
  });
}

/** Stops the thread, on the app's graceful stop (server/shutdown.ts); pages still waiting fail. */
export async function stopCompressionThread() {
  const stopping = thread;
  thread = null;
  await stopping?.worker.terminate();
}
