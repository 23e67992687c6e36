import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { env, isStripeConfigured } from "#app/lib/env.server";

/**
 * Stripe.js and its frames, allowed only when live payments are configured
 * (docs/decisions/130-content-security-policy.md).
 */
const STRIPE_SOURCES = {
  script: ["https://js.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

export interface PolicyOptions {
  nonce: string;
  stripe: boolean;
  https: boolean;
}

/**
 * The Content-Security-Policy of one response (docs/decisions/130-content-security-policy.md).
 * Scripts run only from this origin or with this response's nonce; styles may be inline (React
 * style attributes, sonner's and altcha's <style> elements); the altcha proof of work runs in a
 * blob: worker.
 */
export function contentSecurityPolicy({ nonce, stripe, https }: PolicyOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(stripe ? STRIPE_SOURCES.script : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(stripe ? STRIPE_SOURCES.connect : [])],
    "frame-src": stripe ? STRIPE_SOURCES.frame : ["'none'"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    ...(https ? { "upgrade-insecure-requests": [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

/**
 * Browser features the site never uses, switched off for it and anything it embeds. `autoplay`
 * stays on for our own origin (the accessibility panel reads pages aloud), and so does
 * `geolocation` (the finder's "near me" sort, which keeps the position in the page:
 * docs/decisions/174-near-me-in-the-page.md); `payment` is granted to Stripe's frames when
 * payments are live (wallet buttons).
 */
export function permissionsPolicy({ stripe }: Pick<PolicyOptions, "stripe">): string {
  const off = [
    "accelerometer",
    "browsing-topics",
    "camera",
    "display-capture",
    "encrypted-media",
    "fullscreen",
    "gyroscope",
    "hid",
    "idle-detection",
    "magnetometer",
    "microphone",
    "midi",
    "picture-in-picture",
    "publickey-credentials-get",
    "screen-wake-lock",
    "serial",
    "usb",
    "xr-spatial-tracking",
  ].map((feature) => `${feature}=()`);
  const payment = stripe ? 'payment=(self "https://js.stripe.com")' : "payment=()";
  return [...off, payment, "autoplay=(self)", "geolocation=(self)"].join(", ");
}

function servedOverHttps(): boolean {
  return env().PUBLIC_URL.startsWith("https://");
}

// helmet's other headers (nosniff, frame options, cross-origin policies); CSP and HSTS are ours.
const helmetHeaders = helmet({
  contentSecurityPolicy: false,
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  // The same refusal as frame-ancestors 'none', for browsers without CSP level 2.
  xFrameOptions: { action: "deny" },
  // helmet's default "no-referrer" makes browsers send `Origin: null` on same-site form posts,
  // which the origin checks refuse (every form without JavaScript). "same-origin" keeps the
  // real Origin for our own posts and still sends nothing to other sites
  // (docs/decisions/017-referrer-policy-for-form-posts.md).
  referrerPolicy: { policy: "same-origin" },
});

/**
 * The headers helmet sets, recorded once: with these options they are the same for every
 * response, and the page cache's fast path writes them without a response object to hand helmet.
 */
function recordHelmetHeaders(): [string, string][] {
  const recorded: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => recorded.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmetHeaders({} as never, recorder as never, () => undefined);
  return recorded;
}

/** A fresh nonce for the response's scripts, read by the renderer from `res.locals.cspNonce`. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

interface Policies {
  stripe: boolean;
  https: boolean;
  /** The Content-Security-Policy around the sources that allow the page's scripts. */
  cspParts: [string, string];
  /** Every other security header. */
  others: [string, string][];
}
let policies: Policies | undefined;

/**
 * The headers depend only on the configuration: built once, not for every response (the page
 * cache answers thousands of requests a second, docs/decisions/103-server-memory-and-start.md);
 * rebuilt if the configuration changes (tests).
 */
function currentPolicies(): Policies {
  const stripe = isStripeConfigured();
  const https = servedOverHttps();
  if (policies?.stripe !== stripe || policies.https !== https) {
    const marker = "\u0000nonce\u0000";
    const [before, after] = contentSecurityPolicy({ nonce: marker, stripe, https }).split(
      `'nonce-${marker}'`,
    );
    policies = {
      stripe,
      https,
      cspParts: [before, after],
      others: [
        ["Permissions-Policy", permissionsPolicy({ stripe })],
        ...(https
          ? [
              ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [
                string,
                string,
              ],
            ]
          : []),
        ...recordHelmetHeaders(),
      ],
    };
  }
  return policies;
}

/** Every security header of a response whose scripts carry `nonce`, as name and value pairs. */
export function securityHeaderList(nonce: string): [string, string][] {
  return headersAllowingScripts(`'nonce-${nonce}'`);
}

/**
 * Every security header of a cached page's answer: its inline scripts are allowed by their hashes
 * (server/page-cache/script-hashes.ts), and the policy holds no nonce.
 */
export function securityHeaderListForHashes(hashes: string[]): [string, string][] {
  return headersAllowingScripts(hashes.map((hash) => `'${hash}'`).join(" "));
}

function headersAllowingScripts(sources: string): [string, string][] {
  const { cspParts, others } = currentPolicies();
  return [["Content-Security-Policy", cspParts[0] + sources + cspParts[1]], ...others];
}

/**
 * Sets the security headers on every response, pages, files and API answers alike, and hands the
 * page renderer the nonce its scripts must carry.
 */
export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  // Express announces itself on every response (the app's own instance too): not from here.
  res.removeHeader("X-Powered-By");
  // server.js runs this before the static files, and the app again for dev and tests: once is
  // enough.
  if (res.locals.cspNonce) return next();
  const nonce = newNonce();
  res.locals.cspNonce = nonce;
  for (const [name, value] of securityHeaderList(nonce)) res.setHeader(name, value);
  // Link previews are fetched and shown by other sites and apps
  // (docs/decisions/140-link-previews-and-canonical-links.md).
  if (req.path.startsWith("/og/")) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  next();
}
