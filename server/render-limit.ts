import type { RequestHandler } from "express";
import { beforeHeaders } from "./before-headers";

/**
 * Page and data reads that reach the framework take turns: at most `limit` are rendered at once and
 * the rest wait in line, first come first served
 * (docs/decisions/104-renders-take-turns-and-node-memory-settings.md). The embedded database
 * answers one query at a time, so more renders in flight add no throughput; each would only keep
 * its half-built page alive longer, and under a rush of visitors the heap grew by some 200 MB. A
 * request holds its place until its answer starts (its headers go out): a file download or an
 * export streaming to a slow phone must not hold a place for minutes. Only GET and HEAD take turns:
 * an upload or a form post may be slow to arrive. A visitor who leaves while waiting gives up their
 * place without a render.
 */
export function limitConcurrentRenders(limit: number): RequestHandler {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const enter = () => {
      if (req.socket.destroyed) {
        release();
        return;
      }
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release();
      };
      beforeHeaders(res, done);
      res.once("close", done);
      next();
    };
    if (active < limit) {
      active++;
      enter();
    } else waiting.push(enter);
  };
}
