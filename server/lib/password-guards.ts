/**
 * What stands in front of every route that hashes or checks a password: sign-up, login, password
 * reset, and the current-password check of the owner's own account routes. One hash takes a
 * threadpool thread and 128 MiB for about half a second, so unguarded, a burst of wrong passwords
 * from one account stalls everybody's logins and even `/widget.js`. Three layers:
 *
 * - rate limits, counted when the request starts, per address and per account (or per e-mail and
 *   address for logins);
 * - one password check at a time per address and per account, so one client never holds more than
 *   one of the hasher's few slots while others wait;
 * - the hasher's own bound on hashes at once (passwords.ts).
 */
import type { Request, RequestHandler, Response } from 'express';
import { createKeyedTurns, type KeyedTurns } from './concurrency';
import { RATE_LIMIT_RULES, addressOf, byAccount, type KeyOf, type RateLimiterFactory } from './rate-limit';

const byAddress: KeyOf = (req) => addressOf(req);

/**
 * Waits until none of the request's keys is in use by another request, and holds them until the
 * response is done or the client has gone. Keys are taken in sorted order, the same for every
 * request, so two requests never wait for each other.
 */
function oneAtATime(turns: KeyedTurns, ...kinds: [string, KeyOf][]): RequestHandler {
  return async (req, res, next) => {
    const keys = kinds
      .map(([kind, keyOf]) => {
        const key = keyOf(req, res);
        return key === undefined ? undefined : `${kind} ${key}`;
      })
      .filter((key) => key !== undefined)
      .sort();
    let gone = false;
    const ends: (() => void)[] = [];
    const endAll = () => {
      gone = true;
      for (const end of ends.splice(0)) end();
    };
    res.once('close', endAll);
    for (const key of keys) {
      const end = await turns.take(key);
      if (gone) {
        end();
        return;
      }
      ends.push(end);
    }
    next();
  };
}

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
  const perAddress = oneAtATime(turns, ['address', byAddress]);
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
      oneAtATime(turns, ['address', byAddress], ['account', byAccount]),
    ],
  };
}
