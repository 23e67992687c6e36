import http from "node:http";
import type { Express } from "express";

/**
 * The request and response classes for the HTTP server in front of `application`: made with its
 * Express prototypes from the start. Express otherwise switches each request's and response's
 * prototype as it arrives, and V8 then gives every field set on them afterwards hidden classes of
 * their own: garbage the young generation's collections promote to the old one, about 15 KB a
 * request (docs/decisions/193-requests-born-with-express-prototypes.md). Express still sets the
 * prototype, to the one the object already has, which changes nothing.
 */
export function expressHttpObjects(application: Express): http.ServerOptions {
  // Node's own constructors, called on an object that already has the Express prototype.
  function ExpressRequest(this: http.IncomingMessage, ...args: unknown[]) {
    Reflect.apply(http.IncomingMessage, this, args);
  }
  ExpressRequest.prototype = application.request;
  function ExpressResponse(this: http.ServerResponse, ...args: unknown[]) {
    Reflect.apply(http.ServerResponse, this, args);
  }
  ExpressResponse.prototype = application.response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof http.IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof http.ServerResponse,
  };
}
