import { z } from 'zod';

/** Development only: a fixed secret so links keep working across restarts. Refused in production. */
export const DEVELOPMENT_APP_SECRET = 'development-secret-not-for-production-use-000';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** An issuer as configured, compared without the trailing slash some write. */
export function normalizeIssuer(issuer: string): string {
  return issuer.replace(/\/+$/, '');
}

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Public address of the site, used in e-mail links, the sitemap and robots.txt. */
    APP_URL: z.url().optional(),
    /** Signs tokens in links (newsletter confirm/unsubscribe). Required in production. */
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    /**
     * Earlier APP_SECRET values, newest first, comma-separated: what was encrypted or signed with
     * them stays readable after a rotation, while a daily job re-encrypts stored data with APP_SECRET.
     */
    APP_PREVIOUS_SECRETS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((secret) => secret.trim())
          .filter(Boolean),
      ),
    /** PostgreSQL server; without it PGlite (embedded PostgreSQL) keeps data in DATA_DIR. */
    DATABASE_URL: z.string().optional(),
    DATA_DIR: z.string().default('./data'),
    /**
     * Redis for the request rate limits (e.g. redis://redis:6379); without it they are counted in
     * the database, which is shared by all servers as well (decision 015).
     */
    REDIS_URL: z.string().optional(),
    /** SMTP server, e.g. smtps://user:pass@smtp.example.com:465; without it an embedded catcher stores mail. */
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Firstday <hello@firstday.app>'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * How many reverse proxies in front of the server append to X-Forwarded-For / -Proto (their
     * values are trusted, the client's are not): 'false'/0 none, 'true' one, or a number.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)))
      .pipe(z.number({ error: "TRUST_PROXY must be 'true', 'false' or a number of proxies" }).int().min(0).max(10)),
    /** Extra origins allowed to call the auth API, comma-separated (the Vite dev server in development). */
    AUTH_EXTRA_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    /** Sign-in, sign-up, resend and reset attempts allowed per IP and minute. */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** Federated sign-in (OpenID Connect). Google by default; tests point it at a local provider. */
    OIDC_ISSUER: z.url().default(GOOGLE_ISSUER),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().default(''),
    OIDC_PROVIDER_NAME: z.string().default('Google'),
    /**
     * Identity providers, by issuer, whose `email_verified` is believed: only their verified
     * addresses sign in to an existing account of that address, or skip our own verification
     * e-mail. Comma-separated issuer URLs; `google` stands for Google's, `none` trusts none.
     */
    AUTH_TRUSTED_PROVIDERS: z
      .string()
      .default('google')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '' && entry !== 'none')
          .map((entry) => (entry === 'google' ? GOOGLE_ISSUER : entry)),
      )
      .pipe(
        z
          .array(z.url({ error: "AUTH_TRUSTED_PROVIDERS lists issuer URLs (or 'google', or 'none')" }))
          .transform((issuers) => issuers.map(normalizeIssuer)),
      ),
    /** Captcha: self-hosted ALTCHA proof of work by default; reCAPTCHA or Turnstile with their secret key. */
    CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'turnstile']).default('altcha'),
    CAPTCHA_SECRET_KEY: z.string().optional(),
    /** Overrides the provider's siteverify address (tests use a local stand-in). */
    CAPTCHA_VERIFY_URL: z.url().optional(),
    /**
     * Who takes payments: 'stripe' (needs STRIPE_SECRET_KEY) or 'sandbox' (simulated; in production
     * only when asked for by name, for a staging site, and every page then says 'test mode').
     * Default: Stripe when its secret key is set, otherwise the sandbox.
     */
    PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Signing secret of the Connect webhook endpoint (payouts on connected accounts), when it is a separate one. */
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
    /** Only echoed to the browser in /api/config, so it knows Stripe is on. */
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    /** Overrides Stripe's API address (tests use a local stand-in). */
    STRIPE_API_BASE: z.url().optional(),
    /** How long the sandbox takes to confirm a good card by webhook. */
    SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).default(300),
    /**
     * Who plays the sandbox's side (confirming charges and transfers, posting their signed webhooks):
     * 'server' (this process) or 'external' (`node server/src/payments/sandbox-webhook-sender.ts`,
     * another process on the same PostgreSQL, as Stripe is; the benchmarks use it).
     */
    SANDBOX_WEBHOOKS: z.enum(['server', 'external']).default('server'),
    /** Where sandbox webhooks are posted; default the server's own port on 127.0.0.1 (not APP_URL, unreachable in a container). */
    SANDBOX_WEBHOOK_URL: z.url().optional(),
    /** Guesses/wishes/gifts a client IP may post per 10 minutes (a family may share one address). */
    CONTRIBUTION_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
    /** Posts one calendar accepts per 10 minutes, whatever the address: a flood stops at this. */
    CONTRIBUTION_RATE_LIMIT_PER_CALENDAR: z.coerce.number().int().positive().default(300),
    /** `npm run bench:api` only: accept any captcha value. Refused when NODE_ENV is production. */
    BENCH_DISABLE_CAPTCHA: booleanString,
    /**
     * Serves Prometheus metrics at /metrics to requests with `Authorization: Bearer <token>`;
     * without it /metrics does not exist.
     */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /**
     * Seconds between the start of a graceful shutdown (/api/ready answers 503) and the port
     * closing, so a load balancer polling readiness stops sending traffic first.
     */
    SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
    /**
     * Where uploaded photos' resized variants are kept: 'postgres' (default, in the database, nothing
     * else to run) or 's3' (an S3-compatible bucket: S3_ENDPOINT, S3_BUCKET, S3_REGION and the keys).
     */
    IMAGE_STORE: z.enum(['postgres', 's3']).default('postgres'),
    /** Photos this server decodes at once (each holds tens to hundreds of MB while it does). */
    IMAGE_PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Uploads that may wait for a decode slot (at most 10 s); any beyond answer 503 before their body is read. */
    IMAGE_PROCESSING_QUEUE: z.coerce.number().int().min(0).max(100).default(4),
    /** e.g. https://s3.eu-central-1.amazonaws.com or a MinIO/R2 address; objects are addressed path-style. */
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** The web build served by this process. */
    WEB_DIST: z.string().default('web/build/client'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const key of ['APP_URL', 'APP_SECRET', 'DATABASE_URL', 'SMTP_URL'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production` });
    }
  })
  .superRefine((env, ctx) => {
    // Production never falls back to a development stand-in without being told to.
    if (env.NODE_ENV !== 'production') return;
    if (env.APP_SECRET === DEVELOPMENT_APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'APP_SECRET is the public development value: set a secret of your own (e.g. openssl rand -hex 32)',
      });
    }
    if (!env.PAYMENTS_PROVIDER && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'production takes real payments: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_PROVIDER=sandbox for a staging site (every page then shows a test-mode ribbon)',
      });
    }
    // Stripe keys beside the sandbox mean the operator expects real payments but would get simulated ones.
    if (env.PAYMENTS_PROVIDER === 'sandbox' && env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_PROVIDER'],
        message:
          'PAYMENTS_PROVIDER=sandbox simulates every payment, yet STRIPE_SECRET_KEY is set: remove PAYMENTS_PROVIDER to take real payments with Stripe, or the Stripe keys on a staging site',
      });
    }
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY is required with PAYMENTS_PROVIDER=stripe',
      });
    }
  })
  .superRefine((env, ctx) => {
    // The benchmarks run the server in production mode, on the sandbox: never where real payments are taken.
    if (env.NODE_ENV === 'production' && env.BENCH_DISABLE_CAPTCHA && env.PAYMENTS_PROVIDER !== 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['BENCH_DISABLE_CAPTCHA'],
        message: 'BENCH_DISABLE_CAPTCHA is for benchmarks: in production only with PAYMENTS_PROVIDER=sandbox',
      });
    }
  })
  .superRefine((env, ctx) => {
    if (env.SANDBOX_WEBHOOKS === 'external' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SANDBOX_WEBHOOKS'],
        message:
          'SANDBOX_WEBHOOKS=external needs PostgreSQL (DATABASE_URL): the sender runs in another process, and the embedded database is opened by one process only',
      });
    }
  })
  .superRefine((env, ctx) => {
    if (env.IMAGE_STORE !== 's3') return;
    for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required with IMAGE_STORE=s3` });
    }
  })
  .superRefine((env, ctx) => {
    if (env.CAPTCHA_PROVIDER !== 'altcha' && !env.CAPTCHA_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_SECRET_KEY'],
        message: `CAPTCHA_SECRET_KEY is required for ${env.CAPTCHA_PROVIDER}`,
      });
    }
  })
  .superRefine((env, ctx) => {
    // Without the webhook secret no payment could ever be confirmed, so stop at start-up instead.
    if (env.STRIPE_SECRET_KEY && env.PAYMENTS_PROVIDER !== 'sandbox' && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY',
      });
    }
  })
  .transform((env) => ({
    ...env,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    APP_SECRET: env.APP_SECRET ?? DEVELOPMENT_APP_SECRET,
    /** The key ring: APP_SECRET, then the earlier secrets (lib/secret-box.ts, lib/signed-token.ts). */
    APP_SECRETS: [env.APP_SECRET ?? DEVELOPMENT_APP_SECRET, ...env.APP_PREVIOUS_SECRETS] as const,
    PAYMENTS_PROVIDER: env.PAYMENTS_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'),
  }));

export type Env = z.infer<typeof EnvSchema>;

/** Every variable the server reads (`.env.example` and the README list each: env-example.test.ts). */
export const ENV_VARIABLES = Object.keys(EnvSchema.in.shape);

/** Parses the environment once at start-up; stops with a clear message when it is invalid. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable counts as unset: compose passes `${X:-}` through as '', and `X=` in a .env
  // file means 'not set' to whoever wrote it.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.safeParse(set);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
