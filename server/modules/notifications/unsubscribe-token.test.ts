import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { unsubscribeToken, userIdOfUnsubscribeToken, type Signer } from './unsubscribe-token';

function signer(key: string): Signer {
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  return {
    sign,
    verify: (text, signature) => {
      const expected = Buffer.from(sign(text));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

describe('unsubscribe tokens', () => {
  const server = signer('the server key');

  test('name the account they were made for', () => {
    expect(userIdOfUnsubscribeToken(server, unsubscribeToken(server, 'user-1'))).toBe('user-1');
  });

  test('are refused when made with another key, moved to another account, or malformed', () => {
    const token = unsubscribeToken(server, 'user-1');
    expect(userIdOfUnsubscribeToken(signer('another key'), token)).toBeNull();
    const signature = token.split('.')[1] ?? '';
    expect(userIdOfUnsubscribeToken(server, `${Buffer.from('user-2').toString('base64url')}.${signature}`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${token}x`, `.${signature}`])
      expect(userIdOfUnsubscribeToken(server, bad)).toBeNull();
  });
});
