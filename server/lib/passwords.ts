/**
 * Password hashing with scrypt from node:crypto (memory-hard). The stored string carries its
 * parameters, so the cost can rise later without breaking existing hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { createSemaphore } from './concurrency';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt recommendation: N = 2^17, r = 8, p = 1 (128 MiB per hash). */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/**
 * How many hashes run at once; the rest wait in order. scrypt runs on libuv's threadpool (4
 * threads unless UV_THREADPOOL_SIZE says otherwise), which file reads (`/widget.js`, the console)
 * and DNS share: two hashes leave them two threads, and a flood of password checks costs at most
 * 2 × 128 MiB instead of 128 MiB per request.
 */
export const MAX_CONCURRENT_HASHES = 2;

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

/**
 * A hasher with the given cost; verification reads the cost stored with each hash. At most
 * `maxConcurrent` hashes of this hasher run at once.
 */
export function createPasswordHasher(
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
  maxConcurrent = MAX_CONCURRENT_HASHES,
): PasswordHasher {
  const slots = createSemaphore(maxConcurrent);
  const bounded = (password: string, salt: Buffer, at: ScryptCost) => slots.run(() => derive(password, salt, at));
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await bounded(password, salt, cost);
      return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, key] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64');
      const actual = await bounded(password, Buffer.from(salt, 'base64'), {
        N: Number(n),
        r: Number(r),
        p: Number(p),
      });
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
