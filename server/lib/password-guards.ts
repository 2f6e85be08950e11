/**
 * What stands in front of every route that hashes or checks a password: sign-up, login, password
 * reset, and the current-password check of the owner's own account routes. One hash takes a
 * threadpool thread and 128 MiB for about half a second, so unguarded, a burst of wrong passwords
 * from one account stalls everybody's logins and even `/widget.js`. Three layers:
 *
 * - rate limits, counted when the request starts, per address and per account (or per e-mail and
 *   address for logins);
 * - one password check at a time per address and per account, so one client never holds more than
 *   one of the hasher's few slots while others wait, and a pause after each wrong password
 *   (one-at-a-time.ts);
 * - the hasher's own bound on hashes at once (passwords.ts).
 */
import type { Request, RequestHandler, Response } from 'express';
import { createKeyedTurns } from './concurrency';
import { oneAtATime } from './one-at-a-time';
import { RATE_LIMIT_RULES, addressOf, byAccount, type KeyOf, type RateLimiterFactory } from './rate-limit';

const byAddress: KeyOf = (req) => addressOf(req);

/** Runs `guard` only for requests that `applies` to; the others pass straight on. */
export function onlyWhen(applies: (req: Request, res: Response) => boolean, guard: RequestHandler): RequestHandler {
  return (req, res, next) => (applies(req, res) ? guard(req, res, next) : next());
}

/** The middleware lists, one per kind of route; every list is shared, so are its budgets. */
export interface PasswordGuards {
  register: RequestHandler[];
  login: RequestHandler[];
  /** After a valid reset link (the link is used once, and links per account are limited). */
  resetPassword: RequestHandler[];
  /** Change password, change e-mail, delete account: behind requireAuth. */
  currentPassword: RequestHandler[];
}

export function createPasswordGuards(limiter: RateLimiterFactory): PasswordGuards {
  const turns = createKeyedTurns();
  const perAddress = oneAtATime(turns, { address: byAddress });
  return {
    register: [limiter(RATE_LIMIT_RULES.register), perAddress],
    login: [
      limiter(RATE_LIMIT_RULES.loginPerAddress),
      limiter(RATE_LIMIT_RULES.loginFailuresPerAddress),
      limiter(RATE_LIMIT_RULES.loginFailuresPerEmailAndAddress),
      // Not one at a time per e-mail: anyone can send logins for any e-mail, and the owner's own
      // login would wait behind them.
      perAddress,
    ],
    resetPassword: [perAddress],
    currentPassword: [
      limiter(RATE_LIMIT_RULES.passwordChecksPerAddress),
      limiter(RATE_LIMIT_RULES.passwordChecksPerAccount),
      oneAtATime(turns, { address: byAddress, account: byAccount }),
    ],
  };
}
