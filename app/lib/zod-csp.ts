import { config } from "zod/v4/core";

/**
 * Zod compiles fast parsers with `new Function`, first probing whether it may; under our
 * Content-Security-Policy (no 'unsafe-eval', docs/decisions/130) the probe itself is reported as a
 * violation. In the browser Zod parses without compiling. This must be evaluated before any
 * schema is built, so app/root.tsx imports it first.
 */
if (typeof document !== "undefined") config({ jitless: true });
