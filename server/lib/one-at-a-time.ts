/**
 * Express middleware that lets a request through only when none of its keys (its address, its
 * account) is held by another request, and holds them until the app has answered. For password
 * checks: one client can then keep at most one of the hasher's few slots busy, and after a wrong
 * password it pauses before its next check, so it cannot keep even that one busy all the time.
 */
import type { RequestHandler, Response } from 'express';
import type { KeyedTurns } from './concurrency';
import type { KeyOf } from './rate-limit';

/**
 * After a failed check, the keys stay held this many times as long as the check took. With 2, a
 * client sending nothing but wrong passwords keeps a hashing slot busy a third of the time at
 * most; someone who mistyped waits about a second before their next try is checked.
 */
export const PAUSE_AFTER_FAILURE = 2;
/** A response the app never ends (it should not happen) lets go of its keys this long after the client left. */
const ABANDONED_MS = 60_000;

/** Calls `done` once, when the app ends the response: also when the client has already left. */
function whenAnswered(res: Response, done: () => void) {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    done();
  };
  const end = res.end;
  // After a client leaves, 'finish' never comes, but the handler (and its hash) still runs to
  // the end and then calls end(): that, not the socket, is when the check is over.
  res.end = function (this: Response, ...args: unknown[]) {
    res.end = end;
    once();
    return Reflect.apply(end, this, args) as Response;
  } as Response['end'];
  res.once('close', () => {
    if (!called) setTimeout(once, ABANDONED_MS).unref();
  });
}

/**
 * Takes the request's keys (in sorted order, the same for every request, so no two requests wait
 * for each other), waiting in line behind requests that hold them.
 */
export function oneAtATime(turns: KeyedTurns, keyed: Record<string, KeyOf>): RequestHandler {
  return async (req, res, next) => {
    const keys = Object.entries(keyed)
      .map(([kind, keyOf]) => {
        const key = keyOf(req, res);
        return key === undefined ? undefined : `${kind} ${key}`;
      })
      .filter((key) => key !== undefined)
      .sort();
    let clientLeft = false;
    res.once('close', () => {
      clientLeft = true;
    });
    const held: (() => void)[] = [];
    const release = () => {
      for (const end of held.splice(0)) end();
    };
    for (const key of keys) {
      held.push(await turns.take(key));
      // Nobody is waiting for this answer any more: no check, and the next in line goes ahead.
      if (clientLeft) return release();
    }
    const started = performance.now();
    whenAnswered(res, () => {
      const pause = res.statusCode >= 400 ? PAUSE_AFTER_FAILURE * (performance.now() - started) : 0;
      if (pause > 0) setTimeout(release, pause).unref();
      else release();
    });
    next();
  };
}
