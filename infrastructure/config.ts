import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
/**
 * Contract §10: `false`, `true` (one proxy), the number of proxies in front of us, or the header a
 * proxy writes the client into. A header name must hold a hyphen, as every such header does
 * (`CF-Connecting-IP`, `X-Real-IP`), so a misspelt boolean stops start-up instead of naming a header.
 */
const trustProxy = z.union([
  bool,
  z
    .string()
    .regex(/^[1-9]\d?$/)
    .transform(Number),
  z.string().regex(/^[A-Za-z0-9]+(-[A-Za-z0-9]+)+$/, 'must be true, false, a number of proxies or a header name such as CF-Connecting-IP'),
]);
const list = z.string().transform((s) =>
  s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean),
);

/** Environment of contract §1; every variable is optional and a bad value stops start-up. */
const EnvSchema = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Connections per process to DATABASE_URL. */
  DATABASE_POOL_MAX: int(1, 500).default(10),
  /** How long start-up waits for a database that is away (down, starting, out of connections) before it gives up. */
  DATABASE_STARTUP_WAIT_MS: int(0, 3_600_000).default(120_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ROOT_ADMIN_EMAIL: z.email().optional(),
  ROOT_ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  RATE_LIMIT_GLOBAL: int(1, 1_000_000).default(60),
  RATE_LIMIT_CRITICAL: int(1, 1_000_000).default(20),
  RATE_LIMIT_UPLOAD: int(1, 1_000_000).default(10),
  RATE_LIMIT_AI: int(1, 1_000_000).default(20),
  /** Failed webhook proofs (wrong key, signature or verify token) one IP may make in a minute before its webhook requests answer 429. */
  RATE_LIMIT_WEBHOOK_FAILURES: int(1, 1_000_000).default(10),
  /** What rate limiting does when Redis does not answer: `open` lets requests through, `closed` refuses them. */
  RATE_LIMIT_ON_STORE_FAILURE: z.enum(['open', 'closed']).default('open'),
  TRUST_PROXY: trustProxy.default(false),
  BASE_DOMAIN: z.string().min(1).optional(),
  /** Unset: any `http://localhost` port outside production (a front end's dev server), none in production. */
  CORS_ORIGINS: list.optional(),
  MAILER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('LMS <no-reply@localhost>'),
  MAILER_WEBHOOK_SECRET: z.string().min(1).optional(),
  PAYGATE_PROVIDER: z.enum(['sandbox', 'midtrans']).default('sandbox'),
  PAYGATE_SERVER_KEY: z.string().min(1).optional(),
  MIDTRANS_API_URL: z.url().default('https://app.sandbox.midtrans.com/snap/v1'),
  /** How often active subscriptions past their end are marked expired. */
  SUBSCRIPTION_SWEEP_MS: int(1000, 86_400_000).default(300_000),
  META_GRAPH_URL: z.url().default('https://graph.facebook.com/v21.0'),
  ENCRYPTION_KEY: z.string().min(16).optional(),
  /** Lead ingestion (contract §8): total tries of the Graph fetch, and the backoff base (first retry after it, then doubling). */
  CRM_INGEST_ATTEMPTS: int(4, 20).default(5),
  CRM_INGEST_BACKOFF_MS: int(1, 10_000).default(2000),
  META_GRAPH_TIMEOUT_MS: int(100, 120_000).default(10_000),
  /** Country of phone numbers written without a country code (`08…` → `+628…`). */
  CRM_PHONE_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 code such as ID')
    .default('ID'),
  AI_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
  AI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: int(100, 600_000).default(20_000),
  /** Further tries of an AI call after a 429, a 5xx or a network failure, within AI_TIMEOUT_MS. */
  AI_MAX_RETRIES: int(0, 10).default(2),
  /** IANA zone of schedule wall-clock times (calendar feed, "today"); unset: floating times and the UTC day. */
  SCHEDULE_TIMEZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Jakarta').optional(),
  /** Comment line interval of the chat event stream (contract §6: 15 s). */
  CHAT_STREAM_HEARTBEAT_MS: int(100, 300_000).default(15_000),
  WEBAUTHN_RP_ID: z.string().min(1).default('localhost'),
  WEBAUTHN_RP_NAME: z.string().min(1).default('LMS'),
  WEBAUTHN_ORIGINS: list.optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `npm start` also runs the job workers unless this is false (then run `npm run worker`). */
  START_WORKER: bool.default(true),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/)
    .default('lms'),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(25_000),
  /** Lame-duck period on SIGTERM: still serving, but every answer closes its connection. */
  SHUTDOWN_DRAIN_MS: int(0, 60_000).default(1000),
  /** How often, and after how long, outbox rows whose job never reached the queue are re-enqueued. */
  OUTBOX_RELAY_MS: int(1000, 3_600_000).default(60_000),
  /** Outbound webhooks may target private, loopback and link-local addresses (a closed network, tests). */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** Outbound webhook tries (the first included) and the backoff base: 13 tries from 20 s span about 23 hours. */
  WEBHOOK_ATTEMPTS: int(1, 30).default(13),
  WEBHOOK_BACKOFF_MS: int(1, 3_600_000).default(20_000),
  /** Longest wait for an endpoint's answer, per try. */
  WEBHOOK_TIMEOUT_MS: int(100, 120_000).default(10_000),
  /** Prometheus metrics (docs/operations.md), never public by default: GET /metrics on this separate port (API and worker)… */
  METRICS_PORT: int(1, 65535).optional(),
  /** …and/or on the API port, for `Authorization: Bearer <METRICS_TOKEN>` only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'CORS_ORIGINS'> {
  /** Origins allowed by CORS: exact, `*` for any, or `scheme://host:*` for any port of that host. */
  CORS_ORIGINS: string[];
  version: string;
  /** Origins accepted for WebAuthn ceremonies. */
  webauthnOrigins: string[];
  /** NODE_ENV=production. */
  production: boolean;
  /** Base URL used in links we hand out (sandbox payment page, certificate verification). */
  publicUrl: string;
  /** Where the client address is read when a proxy is trusted: the entry `hops` from the right of `header`. */
  proxy: { hops: number; header: string } | null;
  /** Legal but risky choices, logged as warnings when the application starts. */
  warnings: string[];
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv, version: string): Config {
  // Empty strings mean "unset", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.MAILER === 'smtp' && !e.SMTP_URL) throw new ConfigError('Invalid environment variable SMTP_URL: required when MAILER=smtp');
  // The sandbox gateway marks orders paid without taking money: production must choose it on purpose.
  // Any case: `Production` deploys as production too (issue 26), so it is judged as one.
  const production = present.NODE_ENV?.trim().toLowerCase() === 'production';
  if (production && !present.PAYGATE_PROVIDER) {
    throw new ConfigError(
      'Invalid environment variable PAYGATE_PROVIDER: required when NODE_ENV=production (midtrans, or sandbox on purpose)',
    );
  }
  const warnings =
    production && e.PAYGATE_PROVIDER === 'sandbox'
      ? ['PAYGATE_PROVIDER=sandbox with NODE_ENV=production: payments go through the sandbox page and take no money']
      : [];
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    version,
    webauthnOrigins: e.WEBAUTHN_ORIGINS ?? [`http://localhost:${e.PORT}`],
    production,
    CORS_ORIGINS: e.CORS_ORIGINS ?? (production ? [] : ['http://localhost:*']),
    publicUrl,
    proxy: proxyOf(e.TRUST_PROXY),
    warnings,
  };
}

// Each proxy appends the address it was reached from: the client is the entry written by the
// outermost trusted proxy, `hops` from the right. Entries left of it are the client's own words.
function proxyOf(trust: Env['TRUST_PROXY']): Config['proxy'] {
  if (trust === false) return null;
  if (trust === true) return { hops: 1, header: 'X-Forwarded-For' };
  if (typeof trust === 'number') return { hops: trust, header: 'X-Forwarded-For' };
  return { hops: 1, header: trust };
}
