import path from 'node:path';
import { z } from 'zod';
import type { WebhookPauseRule, WebhookRetryPolicy } from '../domain/webhooks/webhook-retry';

/** The Graph API version social publishing calls (Meta keeps each version two years or more). */
export const INSTAGRAM_GRAPH_DEFAULT_BASE_URL = 'https://graph.facebook.com/v26.0';

// The only place that reads process.env: everything else receives this object.
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_REPLICA_URL: z.url().optional(),
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().positive().max(3_600).default(5),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SEED_DEMO: z.stringbool().default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PROJECTION_POLL_MS: z.coerce.number().int().min(50).default(2000),
  PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).default(1000),
  PROJECTION_LAG_DEGRADED_SECONDS: z.coerce.number().positive().max(86_400).default(5),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  // Time limits of the pool's sessions (docs/operations.md, "When the database freezes or dies").
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  // Restarts of a crashed embedded PostgreSQL within ten minutes before the app gives up and exits.
  EMBEDDED_POSTGRES_RESTART_ATTEMPTS: z.coerce.number().int().min(0).max(100).default(5),
  // An answer not sent within this is replaced by a 503; a request body not received within this is refused.
  HTTP_HANDLER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  TRUST_PROXY: z.stringbool().default(false),
  // HTTPS with HTTP/2 (HTTP/1.1 still answered) when both are set: PEM files of the certificate chain and its key.
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  // GraphQL limits (docs/security.md): per operation, checked before it runs; the answer and cache sizes.
  GRAPHQL_MAX_COST: z.coerce.number().int().min(100).default(25_000),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).max(1000).default(15),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(3).max(100).default(10),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(200).max(100_000).default(1_000),
  GRAPHQL_MAX_RESPONSE_BYTES: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(2 * 1024 * 1024),
  // Heavy operations (estimated cost 5,000 or more) at once, and how many may wait for a place and how long.
  GRAPHQL_HEAVY_RUNNING: z.coerce.number().int().min(1).max(64).default(2),
  GRAPHQL_HEAVY_WAITING: z.coerce.number().int().min(0).max(10_000).default(32),
  GRAPHQL_HEAVY_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  RESPONSE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  // The key-encryption key of personal data in events (docs/personal-data.md): 32 bytes, base64.
  PERSONAL_DATA_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'PERSONAL_DATA_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  // Where destroyed persons' keys are listed outside the database (a restore re-applies them).
  PERSONAL_DATA_ERASURES_FILE: z.string().min(1).optional(),
  // Without it /metrics is open: keep it off the public internet, or set a token (docs/operations.md).
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('TrackSkins <noreply@trackskins.local>'),
  // Where people write to the site (a blocked account is told it); the static pages show the same default.
  CONTACT_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, 'CONTACT_EMAIL must be an email address')
    .default('support@trackskins.example'),
  // Order mails (docs/buying.md): retries of a failed delivery, doubling from the base up to the cap.
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).default(3_600_000),
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(5_000),
  // Webhooks (docs/webhooks.md): the deadline of one request, retries, and when an endpoint is paused.
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(10).default(3_600_000),
  WEBHOOK_PAUSE_AFTER_FAILURES: z.coerce.number().int().min(1).max(10_000).default(20),
  WEBHOOK_PAUSE_AFTER_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).default(5_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  WEBHOOK_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  // Uploads (docs/authoring.md): per-user room for unsaved uploads, bytes a day, and zip inflation caps.
  // At least 110 MB each: one skin's editor may hold ten 8 MB pictures and a 25 MB zip at once.
  UPLOAD_TEMPORARY_QUOTA_MB: z.coerce.number().int().min(110).max(100_000).default(300),
  UPLOAD_DAILY_BUDGET_MB: z.coerce.number().int().min(110).max(1_000_000).default(1000),
  ZIP_MAX_INFLATED_MB: z.coerce.number().int().min(1).max(100_000).default(512),
  ZIP_MAX_COMPRESSION_RATIO: z.coerce.number().int().min(2).max(100_000).default(100),
  // Payments (docs/buying.md): without keys, the built-in local stand-ins take the providers' place.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_API_BASE_URL: z.url().optional(),
  PAYPAL_FEE_PERCENT: z.coerce.number().min(0).max(20).multipleOf(0.01).default(3.49),
  PAYPAL_FEE_FIXED_CENTS: z.coerce.number().int().min(0).max(100).default(35),
  // VAT and the seller on tax documents (docs/vat.md). The demo runs registered with the One-Stop Shop.
  VAT_REGISTRATION: z.enum(['oss', 'none']).default('oss'),
  VAT_HOME_COUNTRY: z.string().trim().toLowerCase().length(2).default('cz'),
  VAT_ID: z.string().trim().min(4).max(16).optional(),
  SELLER_NAME: z.string().trim().min(1).max(140).default('TrackSkins s.r.o.'),
  SELLER_ADDRESS: z.string().trim().min(1).max(300).default('Vinohradská 12, 120 00 Praha 2, Czech Republic'),
  SELLER_COMPANY_ID: z.string().trim().min(1).max(20).optional(),
  // The EU's VIES REST service for buyers' VAT IDs; unset outside production: a local stand-in answers.
  VIES_API_BASE_URL: z.url().optional(),
  // Payouts (docs/payouts.md): the marketplace's own bank account, which SEPA payout files pay from.
  SEPA_DEBTOR_NAME: z.string().trim().min(1).max(70).optional(),
  SEPA_DEBTOR_IBAN: z.string().trim().min(15).max(34).optional(),
  SEPA_DEBTOR_BIC: z.string().trim().min(8).max(11).optional(),
  PAYOUT_SCHEDULE: z.stringbool().default(true),
  // Object storage (docs/deployment.md): with S3_BUCKET, stored files live in that bucket instead of DATA_DIR/files.
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.-]+(\/[\w.-]+)*\/?$/, 'must be folder names joined by slashes, e.g. trackskins/')
    .optional(),
  // false: serve web/dist as it is, without checking it against the sources (a prebuilt install, tests).
  WEB_BUILD: z.stringbool().default(true),
  // Social publishing (docs/social.md): without a network's keys, posts go to a local outbox.
  X_API_KEY: z.string().trim().min(1).optional(),
  X_API_SECRET: z.string().trim().min(1).optional(),
  X_ACCESS_TOKEN: z.string().trim().min(1).optional(),
  X_ACCESS_TOKEN_SECRET: z.string().trim().min(1).optional(),
  X_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.x.com'),
  INSTAGRAM_USER_ID: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'must be the numeric id of the Instagram professional account')
    .optional(),
  INSTAGRAM_ACCESS_TOKEN: z.string().trim().min(1).optional(),
  INSTAGRAM_GRAPH_BASE_URL: z.url({ protocol: /^https?$/ }).default(INSTAGRAM_GRAPH_DEFAULT_BASE_URL),
});

export type DatabaseTimeouts = {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  connectMs: number;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica of the database that serves anonymous reads while within `maxLagSeconds` (docs/deployment.md). */
  databaseReplica: { url: string; maxLagSeconds: number } | null;
  embeddedPostgresPort: number;
  seedDemo: boolean;
  logLevel: string;
  /** `degradedAfterSeconds`: health turns degraded when a catch-up consumer is further behind. */
  projections: { pollMs: number; batchSize: number; degradedAfterSeconds: number };
  databasePoolSize: number;
  /** Per session of the pool: statement, lock and idle-in-transaction limits, and the time to connect. */
  databaseTimeouts: DatabaseTimeouts;
  /** Restarts of a crashed embedded PostgreSQL within ten minutes before the app exits (status 1). */
  embeddedPostgresRestartAttempts: number;
  /** `handlerTimeoutMs`: the longest a request may wait for its answer; `requestTimeoutMs`: to receive one. */
  http: { handlerTimeoutMs: number; requestTimeoutMs: number };
  webDistDir: string;
  /** Build the web app at start when its sources changed since the last build. */
  webBuild: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  /** Serve HTTPS with HTTP/2 from these PEM files; null: plain HTTP/1.1 (behind a proxy, or locally). */
  tls: { certFile: string; keyFile: string } | null;
  vat: VatConfig;
  /**
   * Where buyers' VAT IDs are checked (docs/vat.md): the VIES REST service's address, or null for
   * the local stand-in. Production uses the EU's unless configured otherwise.
   */
  vies: { baseUrl: string | null };
  /** Limits of one GraphQL request, and the anonymous response cache's memory (docs/security.md). */
  graphql: {
    maxCost: number;
    maxAliases: number;
    maxDepth: number;
    /** Tokens a GraphQL document may have (names, punctuation, values): bounds its parsed size. */
    maxTokens: number;
    maxResponseBytes: number;
    responseCacheMaxBytes: number;
    /** Heavy operations (api/graphql/heavy-query-gate.ts): running at once, waiting, and the longest wait. */
    heavy: { maxRunning: number; maxWaiting: number; maxWaitMs: number };
  };
  jwtSecret: string | undefined;
  personalData: {
    /** The key-encryption key from PERSONAL_DATA_KEY; otherwise read from `$DATA_DIR/secrets` (infra/personal-data/key-source.ts). */
    key: Buffer | undefined;
    /** The erasure list kept outside the database and its backups. */
    erasuresFile: string;
  };
  /** When set, /metrics asks for `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /** The site's contact address, told to a blocked account. */
    contact: string;
    outboxDir: string;
    /** The order-mail sender: give-up after `maxAttempts`, backoff doubling from base to max. */
    delivery: { maxAttempts: number; retryBaseMs: number; retryMaxMs: number; pollMs: number };
  };
  /** Webhook deliveries (docs/webhooks.md). */
  webhooks: WebhookConfig;
  /** `$DATA_DIR/files`: where stored files live unless `s3` is set. */
  storageDir: string;
  /** An S3-compatible bucket for stored files instead of `storageDir`; null: the local disk. */
  s3: S3Config | null;
  authRateLimitPerMinute: number;
  uploads: UploadsConfig;
  payments: PaymentsConfig;
  payouts: PayoutsConfig;
  social: SocialConfig;
};

export type WebhookConfig = {
  /** The deadline of one request: connecting, sending and the whole answer. */
  timeoutMs: number;
  retry: WebhookRetryPolicy;
  pause: WebhookPauseRule;
  /** Look for due deliveries this often even without a notification. */
  pollMs: number;
  /** Requests under way at once. */
  concurrency: number;
  /** Whether http://127.0.0.1 may be registered and sent to (never in production). */
  allowLoopback: boolean;
  /** Finished deliveries (and their attempts) are forgotten after this many days. */
  logDays: number;
};

export type S3Config = {
  bucket: string;
  region: string;
  /** Another store than AWS S3 (MinIO, R2, ...): its base URL, no trailing slash. */
  endpoint: string | null;
  /** Static keys; null: the SDK's default credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: what MinIO and s3rver need. */
  forcePathStyle: boolean;
  /** Put before every key, e.g. `trackskins/` (ends with a slash when set); '' for none. */
  prefix: string;
};

/** Where admins' posts of a skin go (docs/social.md): a network's API when its keys are set, else the outbox. */
export type SocialConfig = {
  /** `$DATA_DIR/outbox/social`: the local outbox of the networks without keys. */
  outboxDir: string;
  /** X API v2 with OAuth 1.0a user context (the app's keys and the posting account's token, which do not expire). */
  twitter: {
    apiKey: string;
    apiSecret: string;
    accessToken: string;
    accessTokenSecret: string;
    /** `https://api.x.com` unless set (tests point it at a stand-in); no trailing slash. */
    baseUrl: string;
  } | null;
  /** Instagram Graph API content publishing for a professional account. */
  instagram: {
    /** The Instagram professional account's id (IG User id). */
    userId: string;
    accessToken: string;
    /** The Graph API with its version, e.g. `https://graph.facebook.com/v26.0`; no trailing slash. */
    baseUrl: string;
  } | null;
};

export type UploadsConfig = {
  /** What one user's uploads that no saved skin or bundle uses yet may hold together. */
  temporaryQuotaBytes: number;
  /** What one user may upload in a UTC day, refused uploads included (their bytes were read). */
  dailyBudgetBytes: number;
  /** A skin zip's files, inflated, together at most; and inflated bytes per byte of the zip. */
  zipMaxInflatedBytes: number;
  zipMaxCompressionRatio: number;
};

export type PayoutsConfig = {
  /**
   * The account SEPA payout files pay from. Outside production an example account stands in, so the
   * export can be tried; production exports only with the real one configured.
   */
  sepaDebtor: { name: string; iban: string; bic: string } | null;
  /** Lock eligible bank payouts on schedule before each payout date. */
  schedule: boolean;
};

/** The example account of a development install: a valid IBAN of a test bank, no real money. */
const EXAMPLE_SEPA_DEBTOR = {
  name: 'TrackSkins (example account)',
  iban: 'CZ6508000000192000145399',
  bic: 'GIBACZPX',
};

/**
 * The operator's VAT position (docs/vat.md): registered with the One-Stop Shop in `homeCountry`
 * (then `vatId` is its VAT number), or not registered (`registered: false`: no VAT is charged and the
 * documents say why). `seller` is who issues the tax documents.
 */
export type VatConfig = {
  registered: boolean;
  /** Lowercase ISO 3166-1 alpha-2 code of the member state of identification. */
  homeCountry: string;
  vatId: string | null;
  seller: { name: string; address: string; companyId: string | null };
};

export type PaymentsConfig = {
  /** Card payments through Stripe; null: the local checkout page stands in. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    /** Where the SDK sends its calls (Stripe's API unless set; tests point it at a stand-in). */
    /** `timeout` in ms (20 s unless set). */
    api: { host?: string; port?: number; protocol?: 'http' | 'https'; timeout?: number };
  } | null;
  /** PayPal orders through PayPal's API; null: a local approval step stands in. */
  paypal: {
    clientId: string;
    clientSecret: string;
    environment: 'sandbox' | 'production';
    /** The webhook's id in PayPal's app settings: webhooks are verified against it (refused without). */
    webhookId?: string | null;
    /** Another base URL than the environment's, and a timeout in ms (tests point it at a stand-in). */
    api?: { baseUrl: string; timeoutMs?: number };
  } | null;
  /** PayPal's fee for the fee policy: percent of the order (two decimals at most) and fixed cents. */
  paypalFee: { percent: number; fixedCents: number };
};

export class ConfigurationError extends Error {}

/** A megabyte as the upload limits count it (the 25 MB zip limit is 26,214,400 bytes). */
const MB = 1024 * 1024;

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigurationError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const halves = [
    ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
    ['SEPA_DEBTOR_IBAN', 'SEPA_DEBTOR_BIC'],
    ['SEPA_DEBTOR_IBAN', 'SEPA_DEBTOR_NAME'],
    ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    ['TLS_CERT_FILE', 'TLS_KEY_FILE'],
  ] as const;
  for (const [first, second] of halves) {
    // Half a provider's keys would fail only at the first payment: refuse it at start.
    if (Boolean(e[first]) !== Boolean(e[second])) {
      throw new ConfigurationError(`Invalid configuration:\n  ${first} and ${second} must be set together`);
    }
  }
  // S3 settings without a bucket would silently keep files on the local disk: refuse them.
  const s3Settings = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PREFIX'] as const;
  const stray = s3Settings.filter((key) => e[key] !== undefined);
  if (!e.S3_BUCKET && stray.length > 0) {
    throw new ConfigurationError(`Invalid configuration:\n  ${stray.join(', ')} set without S3_BUCKET`);
  }
  if (e.NODE_ENV === 'production' && e.VAT_REGISTRATION === 'oss' && !e.VAT_ID) {
    // Tax documents must name the seller's VAT number; a made-up one would be worse than none.
    throw new ConfigurationError('Invalid configuration:\n  VAT_ID is required with VAT_REGISTRATION=oss');
  }
  const socialKeys = [
    ['X_API_KEY', 'X_API_SECRET', 'X_ACCESS_TOKEN', 'X_ACCESS_TOKEN_SECRET'],
    ['INSTAGRAM_USER_ID', 'INSTAGRAM_ACCESS_TOKEN'],
  ] as const;
  for (const group of socialKeys) {
    // Part of a network's keys would fail only at the first post: refuse it at start.
    const set = group.filter((key) => Boolean(e[key]));
    if (set.length > 0 && set.length < group.length) {
      const names = `${group.slice(0, -1).join(', ')} and ${group.at(-1)}`;
      throw new ConfigurationError(`Invalid configuration:\n  ${names} must be set together`);
    }
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `${e.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${e.PORT}`,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReplica: e.DATABASE_REPLICA_URL
      ? { url: e.DATABASE_REPLICA_URL, maxLagSeconds: e.DATABASE_REPLICA_MAX_LAG_SECONDS }
      : null,
    embeddedPostgresPort: e.EMBEDDED_POSTGRES_PORT,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    projections: {
      pollMs: e.PROJECTION_POLL_MS,
      batchSize: e.PROJECTION_BATCH_SIZE,
      degradedAfterSeconds: e.PROJECTION_LAG_DEGRADED_SECONDS,
    },
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    },
    embeddedPostgresRestartAttempts: e.EMBEDDED_POSTGRES_RESTART_ATTEMPTS,
    http: { handlerTimeoutMs: e.HTTP_HANDLER_TIMEOUT_MS, requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS },
    webDistDir: path.resolve('web/dist'),
    webBuild: e.WEB_BUILD,
    trustProxy: e.TRUST_PROXY,
    tls:
      e.TLS_CERT_FILE && e.TLS_KEY_FILE
        ? { certFile: path.resolve(e.TLS_CERT_FILE), keyFile: path.resolve(e.TLS_KEY_FILE) }
        : null,
    graphql: {
      maxCost: e.GRAPHQL_MAX_COST,
      maxAliases: e.GRAPHQL_MAX_ALIASES,
      maxDepth: e.GRAPHQL_MAX_DEPTH,
      maxTokens: e.GRAPHQL_MAX_TOKENS,
      maxResponseBytes: e.GRAPHQL_MAX_RESPONSE_BYTES,
      responseCacheMaxBytes: e.RESPONSE_CACHE_MAX_BYTES,
      heavy: {
        maxRunning: e.GRAPHQL_HEAVY_RUNNING,
        maxWaiting: e.GRAPHQL_HEAVY_WAITING,
        maxWaitMs: e.GRAPHQL_HEAVY_WAIT_MS,
      },
    },
    jwtSecret: e.JWT_SECRET,
    personalData: {
      key: e.PERSONAL_DATA_KEY ? Buffer.from(e.PERSONAL_DATA_KEY, 'base64') : undefined,
      erasuresFile: path.resolve(
        e.PERSONAL_DATA_ERASURES_FILE ?? path.join(e.DATA_DIR, 'secrets', 'personal-data-erasures'),
      ),
    },
    metricsToken: e.METRICS_TOKEN,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      contact: e.CONTACT_EMAIL,
      outboxDir: path.resolve(e.DATA_DIR, 'outbox'),
      delivery: {
        maxAttempts: e.MAIL_MAX_ATTEMPTS,
        retryBaseMs: e.MAIL_RETRY_BASE_MS,
        retryMaxMs: Math.max(e.MAIL_RETRY_MAX_MS, e.MAIL_RETRY_BASE_MS),
        pollMs: e.MAIL_POLL_MS,
      },
    },
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retry: {
        maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
        baseMs: e.WEBHOOK_RETRY_BASE_MS,
        maxMs: Math.max(e.WEBHOOK_RETRY_MAX_MS, e.WEBHOOK_RETRY_BASE_MS),
      },
      pause: {
        maxConsecutiveFailures: e.WEBHOOK_PAUSE_AFTER_FAILURES,
        maxFailingMs: Math.round(e.WEBHOOK_PAUSE_AFTER_HOURS * 3_600_000),
      },
      pollMs: e.WEBHOOK_POLL_MS,
      concurrency: e.WEBHOOK_CONCURRENCY,
      logDays: e.WEBHOOK_LOG_DAYS,
      // Plain http://127.0.0.1 receivers, for local tools and tests; never in production.
      allowLoopback: e.NODE_ENV !== 'production',
    },
    storageDir: path.resolve(e.DATA_DIR, 'files'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT ? e.S3_ENDPOINT.replace(/\/+$/, '') : null,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/?$/, '/') : '',
        }
      : null,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    uploads: {
      temporaryQuotaBytes: e.UPLOAD_TEMPORARY_QUOTA_MB * MB,
      dailyBudgetBytes: e.UPLOAD_DAILY_BUDGET_MB * MB,
      zipMaxInflatedBytes: e.ZIP_MAX_INFLATED_MB * MB,
      zipMaxCompressionRatio: e.ZIP_MAX_COMPRESSION_RATIO,
    },
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              api: {
                ...(e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST } : {}),
                ...(e.STRIPE_API_PORT ? { port: e.STRIPE_API_PORT } : {}),
                ...(e.STRIPE_API_PROTOCOL ? { protocol: e.STRIPE_API_PROTOCOL } : {}),
              },
            }
          : null,
      paypal:
        e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
          ? {
              clientId: e.PAYPAL_CLIENT_ID,
              clientSecret: e.PAYPAL_CLIENT_SECRET,
              environment: e.PAYPAL_ENVIRONMENT,
              webhookId: e.PAYPAL_WEBHOOK_ID ?? null,
              ...(e.PAYPAL_API_BASE_URL ? { api: { baseUrl: e.PAYPAL_API_BASE_URL } } : {}),
            }
          : null,
      paypalFee: { percent: e.PAYPAL_FEE_PERCENT, fixedCents: e.PAYPAL_FEE_FIXED_CENTS },
    },
    vat: {
      registered: e.VAT_REGISTRATION === 'oss',
      homeCountry: e.VAT_HOME_COUNTRY,
      // Outside production an example number keeps the documents complete (never a real company's).
      vatId: e.VAT_REGISTRATION === 'oss' ? (e.VAT_ID ?? 'CZ12345679') : null,
      seller: {
        name: e.SELLER_NAME,
        address: e.SELLER_ADDRESS,
        companyId: e.SELLER_COMPANY_ID ?? (e.NODE_ENV === 'production' ? null : '12345679'),
      },
    },
    vies: {
      baseUrl:
        e.VIES_API_BASE_URL ??
        (e.NODE_ENV === 'production' ? 'https://ec.europa.eu/taxation_customs/vies/rest-api' : null),
    },
    payouts: {
      sepaDebtor:
        e.SEPA_DEBTOR_IBAN && e.SEPA_DEBTOR_BIC && e.SEPA_DEBTOR_NAME
          ? { name: e.SEPA_DEBTOR_NAME, iban: e.SEPA_DEBTOR_IBAN, bic: e.SEPA_DEBTOR_BIC }
          : e.NODE_ENV === 'production'
            ? null
            : EXAMPLE_SEPA_DEBTOR,
      schedule: e.PAYOUT_SCHEDULE,
    },
    social: {
      outboxDir: path.resolve(e.DATA_DIR, 'outbox', 'social'),
      twitter:
        e.X_API_KEY && e.X_API_SECRET && e.X_ACCESS_TOKEN && e.X_ACCESS_TOKEN_SECRET
          ? {
              apiKey: e.X_API_KEY,
              apiSecret: e.X_API_SECRET,
              accessToken: e.X_ACCESS_TOKEN,
              accessTokenSecret: e.X_ACCESS_TOKEN_SECRET,
              baseUrl: e.X_API_BASE_URL.replace(/\/+$/, ''),
            }
          : null,
      instagram:
        e.INSTAGRAM_USER_ID && e.INSTAGRAM_ACCESS_TOKEN
          ? {
              userId: e.INSTAGRAM_USER_ID,
              accessToken: e.INSTAGRAM_ACCESS_TOKEN,
              baseUrl: e.INSTAGRAM_GRAPH_BASE_URL.replace(/\/+$/, ''),
            }
          : null,
    },
  };
}
