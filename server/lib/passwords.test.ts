import { describe, expect, test } from 'vitest';
import { DEFAULT_SCRYPT_COST, createPasswordHasher } from './passwords';

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
});
