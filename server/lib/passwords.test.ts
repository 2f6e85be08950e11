import { createHook } from 'node:async_hooks';
import { describe, expect, test } from 'vitest';
import { DEFAULT_SCRYPT_COST, MAX_CONCURRENT_HASHES, createPasswordHasher } from './passwords';

/** Runs `work` and returns the most scrypt jobs that were on libuv's threadpool at one time. */
async function mostScryptJobsAtOnce(work: () => Promise<unknown>): Promise<number> {
  const jobs = new Set<number>();
  let most = 0;
  const hook = createHook({
    init(id, type) {
      if (type !== 'SCRYPTREQUEST') return;
      jobs.add(id);
      most = Math.max(most, jobs.size);
    },
    // The job's callback is about to run: the thread is done with it.
    before(id) {
      jobs.delete(id);
    },
  });
  hook.enable();
  try {
    await work();
  } finally {
    hook.disable();
  }
  return most;
}

describe('password hashing', () => {
  test('production cost is OWASP scrypt: N = 2^17, r = 8, p = 1', () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  test('a hash verifies its password only, salts differ, and nothing is truncated', async () => {
    const hasher = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });
    const long = `${'a'.repeat(72)}X`;
    const first = await hasher.hash(long);
    const second = await hasher.hash(long);
    expect(first).not.toBe(second);
    expect(first.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await hasher.verify(long, first)).toBe(true);
    expect(await hasher.verify(`${'a'.repeat(72)}Y`, first)).toBe(false);
    expect(await hasher.verify('🔑 mot de passe', await hasher.hash('🔑 mot de passe'))).toBe(true);
  });

  test('hashes made at another cost still verify', async () => {
    const old = await createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 }).hash('secret');
    expect(await createPasswordHasher({ N: 2 ** 12, r: 8, p: 1 }).verify('secret', old)).toBe(true);
    expect(await createPasswordHasher().verify('secret', 'not-a-hash')).toBe(false);
  });

  test(`at most ${MAX_CONCURRENT_HASHES} hashes run at once, so a burst of logins leaves threads for file reads`, async () => {
    expect(MAX_CONCURRENT_HASHES).toBeLessThan(4); // libuv's default threadpool
    const hasher = createPasswordHasher({ N: 2 ** 12, r: 8, p: 1 });
    const stored = await hasher.hash('secret');
    let results: boolean[] = [];
    const most = await mostScryptJobsAtOnce(async () => {
      results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => hasher.verify(i % 2 ? 'secret' : 'wrong', stored)),
      );
    });
    expect(most).toBe(MAX_CONCURRENT_HASHES);
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
  });

  test('a hash that fails gives its slot back', async () => {
    const hasher = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 }, 1);
    // N must be a power of two: scrypt refuses these parameters.
    const broken = 'scrypt$1000$8$1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5';
    for (let i = 0; i < 3; i += 1) await expect(hasher.verify('secret', broken)).rejects.toThrow();
    expect(await hasher.verify('secret', await hasher.hash('secret'))).toBe(true);
  });
});
