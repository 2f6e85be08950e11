/**
 * Rate limiting (decisions §8, security, W-06) with express-rate-limit's
 * in-memory store. Every limiter answers 429 `{message}` with `Retry-After`; `RATE_LIMITS=off`
 * turns all of them into no-ops for benchmarks and load tests.
 */
import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

export interface LimitRule {
  /** How many requests one key may make per window. */
  limit: number;
  windowMs: number;
  /** The key; by default the client IP (an IPv6 /56 subnet counts as one). */
  keyOf?: (req: Request) => string | undefined;
  /** Count only requests that end in an error (failed logins). */
  onlyFailures?: boolean;
}

const MINUTE = 60 * 1000;

/** The limits the server applies; one place to read and tune them. */
export const RATE_LIMIT_RULES = {
  login: { limit: 30, windowMs: 15 * MINUTE },
  loginFailuresPerEmail: { limit: 10, windowMs: 15 * MINUTE, onlyFailures: true },
  register: { limit: 10, windowMs: 60 * MINUTE },
  emailLinks: { limit: 10, windowMs: 60 * MINUTE },
  earlyAccess: { limit: 10, windowMs: 60 * MINUTE },
  publicConfigPerIp: { limit: 600, windowMs: MINUTE },
  feedbackPerIp: { limit: 10, windowMs: MINUTE },
  feedbackPerWidget: { limit: 120, windowMs: MINUTE },
} satisfies Record<string, LimitRule>;

const passThrough: RequestHandler = (_req, _res, next) => next();

export type RateLimiterFactory = (rule: LimitRule) => RequestHandler;

/** Builds limiters, or pass-throughs when rate limiting is off. */
export function createRateLimiterFactory(enabled: boolean): RateLimiterFactory {
  if (!enabled) return () => passThrough;
  return (rule) => {
    const { keyOf } = rule;
    return rateLimit({
      windowMs: rule.windowMs,
      limit: rule.limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      skipSuccessfulRequests: rule.onlyFailures ?? false,
      message: { message: TOO_MANY_REQUESTS },
      // A client-sent `Forwarded` header is ignored like X-Forwarded-For (TRUST_PROXY decides);
      // the library's warning about it would print a stack trace on stderr.
      validate: { forwardedHeader: false },
      ...(keyOf && {
        keyGenerator: (req: Request) => keyOf(req) ?? 'none',
        skip: (req: Request) => keyOf(req) === undefined,
      }),
    });
  };
}
