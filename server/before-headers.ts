import type { ServerResponse } from "node:http";

/**
 * Calls `hook` once, just before `res` sends its headers: every answer calls writeHead, explicitly
 * or through its first write.
 *
 * The replacement writeHead is returned by a function, never written as a function expression
 * assigned to the property: V8 allocates such an expression straight in the old generation, where
 * it keeps everything it captures (the request, the response, the page) alive through every
 * young-generation collection until the next full one
 * (docs/decisions/207-request-objects-die-young.md).
 */
export function beforeHeaders(res: ServerResponse, hook: () => void) {
  res.writeHead = writeHeadAfter(res.writeHead, hook);
}

function writeHeadAfter<WriteHead extends ServerResponse["writeHead"]>(
  writeHead: WriteHead,
  hook: () => void,
): WriteHead {
  return function (this: ServerResponse, ...args: Parameters<WriteHead>) {
    hook();
    return writeHead.apply(this, args);
  } as WriteHead;
}
