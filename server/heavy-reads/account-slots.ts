/**
 * Per-account turns for heavy reads: an account runs at most `running` at once, up to `waiting`
 * more wait for their turn (first come, first served), and one past that is refused at once.
 *
 * A slot is held by a read, not by a request: it is freed when the read settles, whatever became of
 * the client. A client that leaves and asks again cannot pile reads up behind the account's limit,
 * and an export holds a slot only while it reads a page, never while its client is slow to take it.
 *
 * The turns live in this process. With Redis, several instances each keep their own: what they
 * protect is each instance's read workers and event loop, and a shared count would put a Redis
 * round trip before every search and leave slots taken by an instance that died.
 */

export interface AccountSlots {
  /** Runs `read` once one of `account`'s slots is free; throws `refuse()` when too many wait. */
  run<T>(account: string, read: () => Promise<T>): Promise<T>;
}

interface Turns {
  running: number;
  waiting: (() => void)[];
}

export function createAccountSlots(options: { running: number; waiting: number; refuse: () => Error }): AccountSlots {
  const accounts = new Map<string, Turns>();

  const release = (account: string, turns: Turns) => {
    const next = turns.waiting.shift();
    // The slot passes straight to the next in line, so a newcomer cannot take it first.
    if (next) next();
    else if (--turns.running === 0) accounts.delete(account);
  };

  return {
    async run(account, read) {
      let turns = accounts.get(account);
      if (!turns) {
        turns = { running: 0, waiting: [] };
        accounts.set(account, turns);
      }
      if (turns.running < options.running) turns.running += 1;
      else if (turns.waiting.length < options.waiting) {
        const queue = turns.waiting;
        await new Promise<void>((resolve) => queue.push(resolve));
      } else throw options.refuse();
      try {
        return await read();
      } finally {
        release(account, turns);
      }
    },
  };
}
