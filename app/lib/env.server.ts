import { z } from "zod";

const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optional.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    PUBLIC_URL: optional.pipe(z.url().optional()),
    SESSION_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    ADMIN_EMAIL: optional.pipe(z.email().optional()),
    ADMIN_PASSWORD: optional.pipe(z.string().min(12, "must be at least 12 characters").optional()),
    LAUNCH_AT: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "must look like 2025-04-24T00:00")
      .default("2025-04-24T00:00"),
    STRIPE_SECRET_KEY: optional.pipe(
      z
        .string()
        .regex(/^(sk|rk)_/, "must start with sk_ or rk_")
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optional.pipe(
      z.string().regex(/^pk_/, "must start with pk_").optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optional.pipe(
      z
        .string()
        .regex(/^whsec_/, "must start with whsec_")
        .optional(),
    ),
    /** Where the Stripe SDK sends its requests; only for a local Stripe fake in tests. */
    STRIPE_API_URL: optional.pipe(z.url().optional()),
    SMTP_URL: optional.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: optional.pipe(z.string().optional()),
    STAFF_NOTIFY_EMAIL: optional.pipe(z.email().optional()),
    S3_BUCKET: optional,
    S3_ENDPOINT: optional.pipe(z.url().optional()),
    S3_REGION: optional,
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    REDIS_URL: optional.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, "must start with redis://")
        .optional(),
    ),
    /**
     * Which proxies in front of the app name the visitor's address (X-Forwarded-For), as Express's
     * "trust proxy" takes them: "loopback" for a reverse proxy on the same host, or the number of
     * proxies in front. Unset, the connection's own address is the visitor's, so per-client limits
     * behind a proxy would count every visitor as one (docs/decisions/247-trusted-proxies.md).
     */
    TRUST_PROXY: optional.pipe(
      z
        .string()
        .regex(
          /^(loopback|uniquelocal|[1-9])$/,
          "must be loopback, uniquelocal or a number from 1 to 9",
        )
        .transform((value) => (/^\d$/.test(value) ? Number(value) : value))
        .optional(),
    ),
    /**
     * Whether the page's scripts wait for its first paint
     * (docs/decisions/118-scripts-after-the-first-paint.md).
     */
    SCRIPTS_AFTER_PAINT: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
    /**
     * Days after which a service not verified is flagged in the Services tab and its card says
     * "call before you go" (docs/decisions/231-listings-not-verified.md).
     */
    LISTING_VERIFIED_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    ORG_NAME: z.string().trim().min(1).default("Houston Home Foundation"),
    ORG_EIN: z.string().trim().min(1).default("00-0000000"),
    ORG_ADDRESS: z.string().trim().min(1).default("1234 Main Street, Houston, TX 77002"),
    /** The contact the NWS API asks for in the User-Agent, and staff mail's fallback address. */
    ORG_EMAIL: z.email().default("info@houstonhome.org"),
    /** NWS active alerts to draft weather banners from (docs/decisions/181-nws-drafts.md). */
    NWS_ALERTS_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    NWS_POLL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** auto: an NWS banner shows at once (staff are told); staff: it waits for approval. */
    NWS_BANNER_APPROVAL: z.enum(["auto", "staff"]).default("auto"),
    /** off serves a service worker that unregisters itself (docs/decisions/182-offline-finder.md). */
    SERVICE_WORKER: z.enum(["on", "off"]).default("on"),
    /**
     * Newsletter mails handed to the outbox per minute, by all app processes together
     * (docs/decisions/290-newsletter-sending-ledger.md): modest, below what a provider throttles.
     */
    NEWSLETTER_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    /** The shared secret of the bounce and complaint webhook; unset, the webhook refuses all. */
    NEWSLETTER_WEBHOOK_SECRET: optional.pipe(
      z.string().min(16, "must be at least 16 characters").optional(),
    ),
  })
  .superRefine((env, ctx) => {
    // Half a Stripe configuration would take payments that are never confirmed: all three or none.
    const keys = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;
    const missing = keys.filter((key) => !env[key]);
    if (missing.length > 0 && missing.length < keys.length) {
      ctx.addIssue({
        code: "custom",
        path: [missing[0]],
        message: "must be set with the other Stripe keys (set all three, or none for test mode)",
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    MAIL_FROM: env.MAIL_FROM ?? `${env.ORG_NAME} <no-reply@localhost>`,
  }));

export type Env = z.infer<typeof envSchema>;

/** Thrown for a bad configuration; its message is one line naming the variable. */
export class ConfigError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(
      `Invalid configuration: ${issue.path.join(".")} ${issue.message.toLowerCase()}`,
    );
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated configuration, parsed once per process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Real payments through Stripe when its keys are set; the test payment mode otherwise. */
export function isStripeConfigured(): boolean {
  return env().STRIPE_SECRET_KEY !== undefined;
}

/** Tests change process.env between suites; this drops the parsed copy. */
export function resetEnvForTests() {
  cached = undefined;
}
