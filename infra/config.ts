import path from 'node:path';
import { z } from 'zod';

// The only place that reads process.env: everything else receives this object.
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url().optional(),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SEED_DEMO: z.stringbool().default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PROJECTION_POLL_MS: z.coerce.number().int().min(50).default(2000),
  PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(50_000).default(1000),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  TRUST_PROXY: z.stringbool().default(false),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('TrackSkins <noreply@trackskins.local>'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  seedDemo: boolean;
  logLevel: string;
  projections: { pollMs: number; batchSize: number };
  databasePoolSize: number;
  webDistDir: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  jwtSecret: string | undefined;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  storageDir: string;
  authRateLimitPerMinute: number;
};

export class ConfigurationError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigurationError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedPostgresPort: e.EMBEDDED_POSTGRES_PORT,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    projections: { pollMs: e.PROJECTION_POLL_MS, batchSize: e.PROJECTION_BATCH_SIZE },
    databasePoolSize: e.DATABASE_POOL_SIZE,
    webDistDir: path.resolve('web/dist'),
    trustProxy: e.TRUST_PROXY,
    jwtSecret: e.JWT_SECRET,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.resolve(e.DATA_DIR, 'outbox') },
    storageDir: path.resolve(e.DATA_DIR, 'files'),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
  };
}
