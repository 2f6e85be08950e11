/**
 * Configuration (docs/architecture.md, "Configuration"), parsed once at start. This is the only
 * reader of `process.env`; a bad value stops the server with a message that names the variable.
 */
import path from 'node:path';
import { z } from 'zod';
import { BACKUP_EVERY_FORMAT, parseBackupEvery } from './backup/backup-interval';
import {
  RATE_LIMIT_RULE_NAMES,
  ceilingVariableOf,
  type RateLimitRuleName,
  type RateLimitSettings,
} from './lib/rate-limit';
import { SSO_ENV, checkSsoEnv, ssoSettingsOf, type SsoSettings } from './modules/sso/sso-config';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

function isRedisUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '';
}

/** One rule's own ceiling: requests per window, a whole number. */
const ceilingSchema = optionalText.pipe(
  z.coerce
    .number<string>('A whole number of 1 or more')
    .int('A whole number of 1 or more')
    .min(1, 'A whole number of 1 or more')
    .optional(),
);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.refine(
    (url) =>
      url === undefined || !/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || /^(postgres(ql)?|sqlite|file):\/\//i.test(url),
    'Use postgres://user@host:5432/database for PostgreSQL, or a file path for SQLite',
  ),
  /** Connections each instance keeps to PostgreSQL at most. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().trim().min(3).default('Tellbox <no-reply@localhost>'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_PRO: optionalText,
  STRIPE_PRICE_PREMIUM: optionalText,
  STRIPE_API_URL: optionalText.pipe(z.url().optional()),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  RATE_LIMIT_FACTOR: optionalText.pipe(
    z.coerce.number<string>('A number of 1 or more').min(1, 'A number of 1 or more').optional(),
  ),
  ...Object.fromEntries(RATE_LIMIT_RULE_NAMES.map((name) => [ceilingVariableOf(name), ceilingSchema])),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** A JSON file that overrides parts of the plan table (docs/plans-and-billing.md, "Plans": admins may). */
  PLANS_FILE: optionalText,
  /** How many reverse proxies sit in front of the server; 0 trusts no X-Forwarded-For. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Redis shared by every instance (rate limits, owner events, cache invalidation); unset: in-process. */
  REDIS_URL: optionalText.refine(
    (url) => url === undefined || isRedisUrl(url),
    'Use redis://[user:password@]host[:port][/db], or rediss:// for TLS',
  ),
  /** Put before every Redis key and channel, so several deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:.-]*$/, 'Letters, digits and _ : . - only')
    .optional()
    .transform((value) => value || 'tellbox:'),
  /** Scheduled backups (docs/architecture.md, "Backups"): where, how often, how many are kept. */
  BACKUP_DIR: optionalText,
  BACKUP_EVERY: optionalText
    .refine((text) => text === undefined || parseBackupEvery(text) !== undefined, BACKUP_EVERY_FORMAT)
    .transform((text) => (text === undefined ? undefined : parseBackupEvery(text))),
  BACKUP_KEEP: optionalText.pipe(
    z.coerce
      .number<string>('A whole number of 1 or more')
      .int('A whole number of 1 or more')
      .min(1, 'A whole number of 1 or more')
      .optional(),
  ),
  /**
   * The key that encrypts webhook secrets and signs unsubscribe links. Unset: a key generated on
   * first start in DATA_DIR/secret.key. Several instances must share one, so set it for them.
   */
  SECRET_KEY: optionalText.pipe(z.string().min(32, 'At least 32 characters').optional()),
  /** Lets webhooks reach loopback and private addresses (a private network, and the tests). */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false'], 'Use true or false').default('false'),
  /** The bearer token Prometheus sends to `/metrics`; unset, nothing is measured and `/metrics` is 404. */
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(16, 'At least 16 characters, without spaces')
      .regex(/^[\x21-\x7e]+$/, 'At least 16 characters, without spaces')
      .optional(),
  ),
  ...SSO_ENV,
});

export interface Config {
  port: number;
  host: string;
  /** Base of links in e-mails and of the widget snippet, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    pricePro: string | undefined;
    pricePremium: string | undefined;
    apiUrl: string | undefined;
  };
  plansFile: string | undefined;
  rateLimits: RateLimitSettings;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: number;
  /** Redis shared by every instance; undefined keeps everything in this process. */
  redisUrl: string | undefined;
  /** Put before every Redis key and channel. */
  redisPrefix: string;
  /** Scheduled backups; undefined when BACKUP_DIR and BACKUP_EVERY are unset. */
  backup: BackupSchedule | undefined;
  /** SECRET_KEY, or undefined for the key file in the data directory. */
  secretKey: string | undefined;
  /** Webhooks may reach loopback, private and link-local addresses. */
  webhooksAllowPrivate: boolean;
  /** METRICS_TOKEN: `/metrics` answers only this bearer token; undefined turns metrics off. */
  metricsToken: string | undefined;
  /** Single sign-on with OpenID Connect (OIDC_*); undefined while OIDC_ISSUER is unset. */
  sso: SsoSettings | undefined;
}

/** The embedded SQLite file (the default), or a PostgreSQL server for several instances. */
export type DatabaseConfig =
  | { kind: 'sqlite'; /** Path of the SQLite file, or `:memory:`. */ path: string }
  | { kind: 'postgres'; url: string; poolMax: number };

export class ConfigError extends Error {}

export interface BackupSchedule {
  /** Absolute path of the folder the backups are written to. */
  dir: string;
  everyMs: number;
  /** How many of the newest backups are kept; older ones are deleted. */
  keep: number;
}

/** Stripe is on when STRIPE_SECRET_KEY is set; then its webhook secret and both prices are needed. */
const STRIPE_COMPANIONS = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO', 'STRIPE_PRICE_PREMIUM'] as const;

/** The Stripe settings when Stripe is configured, else undefined (built-in test mode). */
export function stripeSettingsOf(config: Config) {
  const { secretKey, pricePro, pricePremium, apiUrl } = config.stripe;
  if (!secretKey || !pricePro || !pricePremium) return undefined;
  return { secretKey, prices: { pro: pricePro, premium: pricePremium }, apiUrl };
}

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

function databaseOf(databaseUrl: string | undefined, dataDir: string, poolMax: number): DatabaseConfig {
  if (!databaseUrl) return { kind: 'sqlite', path: path.join(dataDir, 'tellbox.sqlite') };
  if (POSTGRES_URL.test(databaseUrl)) return { kind: 'postgres', url: databaseUrl, poolMax };
  if (databaseUrl === ':memory:') return { kind: 'sqlite', path: databaseUrl };
  return { kind: 'sqlite', path: databaseUrl.replace(/^(sqlite|file):(\/\/)?/i, '') };
}

/** BACKUP_DIR and BACKUP_EVERY go together; BACKUP_KEEP needs both. Each problem names its variable. */
function backupOf(values: z.output<typeof envSchema>, database: DatabaseConfig): BackupSchedule | undefined {
  const { BACKUP_DIR: dir, BACKUP_EVERY: everyMs, BACKUP_KEEP: keep } = values;
  if (dir === undefined && everyMs === undefined && keep === undefined) return undefined;
  const problems: string[] = [];
  const setOne = dir !== undefined ? 'BACKUP_DIR' : everyMs !== undefined ? 'BACKUP_EVERY' : 'BACKUP_KEEP';
  if (dir === undefined) problems.push(`BACKUP_DIR: Required when ${setOne} is set`);
  if (everyMs === undefined) problems.push(`BACKUP_EVERY: Required when ${setOne} is set`);
  if (database.kind === 'sqlite' && database.path === ':memory:') {
    problems.push('BACKUP_DIR: An in-memory database (DATABASE_URL=:memory:) cannot be backed up');
  }
  if (problems.length > 0 || dir === undefined || everyMs === undefined) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return { dir: path.resolve(dir), everyMs, keep: keep ?? 7 };
}

function rateLimitsOf(values: z.output<typeof envSchema>): RateLimitSettings {
  const ceilings: Partial<Record<RateLimitRuleName, number>> = {};
  for (const name of RATE_LIMIT_RULE_NAMES) {
    const ceiling = (values as Record<string, unknown>)[ceilingVariableOf(name)];
    if (typeof ceiling === 'number') ceilings[name] = ceiling;
  }
  return { enabled: values.RATE_LIMITS === 'on', factor: values.RATE_LIMIT_FACTOR ?? 1, ceilings };
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.superRefine(checkSsoEnv).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.STRIPE_SECRET_KEY) {
    const missing = STRIPE_COMPANIONS.filter((name) => !values[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${missing.map((name) => `${name}: Required when STRIPE_SECRET_KEY is set`).join('\n  ')}`,
      );
    }
  }
  const dataDir = path.resolve(values.DATA_DIR);
  const database = databaseOf(values.DATABASE_URL, dataDir, values.DATABASE_POOL_MAX);
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    port: values.PORT,
    host: values.HOST,
    publicUrl,
    dataDir,
    database,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    stripe: {
      secretKey: values.STRIPE_SECRET_KEY,
      webhookSecret: values.STRIPE_WEBHOOK_SECRET,
      pricePro: values.STRIPE_PRICE_PRO,
      pricePremium: values.STRIPE_PRICE_PREMIUM,
      apiUrl: values.STRIPE_API_URL,
    },
    plansFile: values.PLANS_FILE,
    rateLimits: rateLimitsOf(values),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    backup: backupOf(values, database),
    secretKey: values.SECRET_KEY,
    webhooksAllowPrivate: values.WEBHOOKS_ALLOW_PRIVATE === 'true',
    metricsToken: values.METRICS_TOKEN,
    sso: ssoSettingsOf(values),
  };
}
