/**
 * Rate limiting with express-rate-limit. Counters live in this process's memory, or with Redis
 * (REDIS_URL) in Redis, so each limit is one budget across every instance, and in memory again
 * while Redis is away (fallback-store.ts). Every limiter answers 429 `{message}` with
 * `Retry-After`. `RATE_LIMITS=off` turns all of them into no-ops; a load test that must keep the
 * limiters' real cost in the path raises their ceilings instead (`RATE_LIMIT_FACTOR`, or one rule's
 * own `RATE_LIMIT_<RULE>`, see RateLimitSettings).
 * Each request is counted when it starts (a failures-only rule gives the count back once the
 * answer is a success), so a burst of parallel requests cannot all pass before the first one has
 * failed.
 */
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import proxyAddress from 'proxy-addr';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { WEBHOOK_LOG_SIZE } from '../../src/shared/schemas/webhooks';
import { normaliseEmail } from '../../src/shared/schemas/fields';
import type { AuthUser } from './auth';
import { createFallbackStore } from './fallback-store';
import type { RedisLink } from './redis';
import { HOUR_MS } from './time';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/** What a rule counts by; undefined leaves the request uncounted. */
export type KeyOf = (req: Request, res: Response) => string | undefined;

export interface LimitRule {
  /** Names the counter (in Redis: `REDIS_PREFIX` + `rl:` + name), the same on every instance. */
  name: string;
  /** How many requests one key may make per window. */
  limit: number;
  windowMs: number;
  /** The key; by default the client's address (an IPv6 /56 subnet counts as one). */
  keyOf?: KeyOf;
  /** Count only requests that end in an error (failed logins). */
  onlyFailures?: boolean;
}

/** The client's address as the limits see it (TRUST_PROXY decides whether X-Forwarded-For counts). */
export function addressOf(req: Request): string {
  return addressKeyOf(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/**
 * `req.ip` for a request that Express never sees (the public widget API): the client's address
 * behind `trustProxyHops` proxies, as Express's `trust proxy` with a hop count finds it.
 */
export function createClientIp(trustProxyHops: number): (req: IncomingMessage) => string {
  if (trustProxyHops === 0) return (req) => req.socket.remoteAddress ?? 'unknown';
  const trust = (_address: string, hop: number) => hop < trustProxyHops;
  return (req) => proxyAddress(req, trust);
}

/** The address a limit counts by, from a client IP (an IPv6 /56 subnet counts as one). */
export const addressKeyOf = (ip: string) => ipKeyGenerator(ip);

/** The logged-in account: per-account rules run behind `requireAuth`. */
export const byAccount: KeyOf = (_req, res) => {
  const user = res.locals.user as AuthUser | undefined;
  // A per-account limit in front of requireAuth would count nobody; fail loudly instead.
  if (!user) throw new Error('A per-account rate limit runs only behind requireAuth');
  return user.id;
};

/** The e-mail in a JSON body, trimmed and lower-cased as the schemas do; undefined without one. */
export function bodyEmail(req: Request): string | undefined {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normaliseEmail(email) : undefined;
}

/**
 * The login's e-mail together with the client's address. Failures are counted per pair (and per
 * address alone) rather than per e-mail, so wrong passwords sent from one place never lock the
 * owner out when they log in from another.
 */
export const byEmailAndAddress: KeyOf = (req) => {
  const email = bodyEmail(req);
  return email === undefined ? undefined : `${email} ${addressOf(req)}`;
};

const MINUTE = 60 * 1000;

/** Each rule, named after its key in the table. */
function named<T extends Record<string, Omit<LimitRule, 'name'>>>(rules: T): { [K in keyof T]: T[K] & { name: K } } {
  return Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, { ...rule, name }])) as {
    [K in keyof T]: T[K] & { name: K };
  };
}

/** The limits the server applies; one place to read and tune them. Without a keyOf: per address. */
export const RATE_LIMIT_RULES = named({
  /** Every login attempt from one address, whatever the e-mail. */
  loginPerAddress: { limit: 30, windowMs: 15 * MINUTE },
  /** Wrong passwords from one address, whatever the e-mail, over a day. */
  loginFailuresPerAddress: { limit: 100, windowMs: 24 * HOUR_MS, onlyFailures: true },
  /** Wrong passwords for one e-mail from one address. */
  loginFailuresPerEmailAndAddress: {
    limit: 10,
    windowMs: 15 * MINUTE,
    onlyFailures: true,
    keyOf: byEmailAndAddress,
  },
  register: { limit: 10, windowMs: HOUR_MS },
  emailLinks: { limit: 10, windowMs: HOUR_MS },
  /**
   * Routes that check the current password of a logged-in owner (change password, change
   * e-mail, delete account) share these two budgets.
   */
  passwordChecksPerAddress: { limit: 30, windowMs: 15 * MINUTE },
  passwordChecksPerAccount: { limit: 10, windowMs: 15 * MINUTE, onlyFailures: true, keyOf: byAccount },
  checkoutPerAccount: { limit: 10, windowMs: 15 * MINUTE, keyOf: byAccount },
  /** Plan-change previews: each may ask Stripe for an invoice preview; an owner comparing plans needs a few. */
  planPreviewsPerAccount: { limit: 30, windowMs: 15 * MINUTE, keyOf: byAccount },
  /** Webhook test events: each is a delivery to send, so one account cannot queue them by the thousand. */
  webhookTestsPerAccount: { limit: 30, windowMs: 15 * MINUTE, keyOf: byAccount },
  /** Webhook resends: enough to resend every entry of a delivery log once. */
  webhookResendsPerAccount: { limit: WEBHOOK_LOG_SIZE, windowMs: 15 * MINUTE, keyOf: byAccount },
  earlyAccess: { limit: 10, windowMs: HOUR_MS },
  publicConfigPerIp: { limit: 600, windowMs: MINUTE },
  /** The public changelog's pages and feed, which read the database on every request. */
  changelogPerIp: { limit: 300, windowMs: MINUTE },
  /** Every feedback post from one address, valid or not. */
  feedbackPerIp: { limit: 10, windowMs: MINUTE },
  /** Feedback one widget stores; nothing else counts here (public-widget.handler.ts, receiveFeedback). */
  feedbackPerWidget: { limit: 120, windowMs: MINUTE },
});

export type RateLimitRuleName = keyof typeof RATE_LIMIT_RULES;
export const RATE_LIMIT_RULE_NAMES = Object.keys(RATE_LIMIT_RULES) as RateLimitRuleName[];

/** The variable that sets one rule's ceiling: `feedbackPerIp` → `RATE_LIMIT_FEEDBACK_PER_IP`. */
export const ceilingVariableOf = (name: RateLimitRuleName) =>
  `RATE_LIMIT_${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;

/** How the limits are applied (configuration: RATE_LIMITS, RATE_LIMIT_FACTOR, RATE_LIMIT_<RULE>). */
export interface RateLimitSettings {
  enabled: boolean;
  /** Multiplies every rule's default ceiling (≥ 1): a load test keeps the limiters in the path. */
  factor: number;
  /** Ceilings set for single rules; each is used as it is, without the factor. */
  ceilings: Partial<Record<RateLimitRuleName, number>>;
}

export const DEFAULT_RATE_LIMIT_SETTINGS: RateLimitSettings = { enabled: true, factor: 1, ceilings: {} };

/** The requests one key may make per window under `settings`. */
export function ceilingOf(rule: LimitRule, settings: RateLimitSettings): number {
  const own = settings.ceilings[rule.name as RateLimitRuleName];
  return own ?? Math.ceil(rule.limit * settings.factor);
}

const passThrough: RequestHandler = (_req, _res, next) => next();

export type RateLimiterFactory = (rule: LimitRule) => RequestHandler;

/**
 * Builds limiters, or pass-throughs when rate limiting is off; with `redis`, their counters live
 * there. Each call makes its own counter, named by the rule: to share one budget between routes,
 * put the same limiter on each of them.
 */
export function createRateLimiterFactory(settings: RateLimitSettings, redis?: RedisLink): RateLimiterFactory {
  if (!settings.enabled) return () => passThrough;
  const names = new Set<string>();
  return (rule) => {
    const { keyOf, name } = rule;
    // In Redis two limiters of one name would count into one budget; in memory, into two.
    if (names.has(name)) throw new Error(`Two rate limiters are named ${name}: put the same limiter on both routes`);
    names.add(name);
    return rateLimit({
      windowMs: rule.windowMs,
      limit: ceilingOf(rule, settings),
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      skipSuccessfulRequests: rule.onlyFailures ?? false,
      message: { message: TOO_MANY_REQUESTS },
      // A client-sent `Forwarded` header is ignored like X-Forwarded-For (TRUST_PROXY decides);
      // the library's warning about it would print a stack trace on stderr.
      validate: { forwardedHeader: false },
      ...(redis && { store: createFallbackStore(redis, `${redis.prefix}rl:${name}:`) }),
      ...(keyOf && {
        keyGenerator: (req: Request, res: Response) => keyOf(req, res) ?? 'none',
        skip: (req: Request, res: Response) => keyOf(req, res) === undefined,
      }),
    });
  };
}
