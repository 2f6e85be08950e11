import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { unsubscribeToken, memberOfUnsubscribeToken, type Signer } from './unsubscribe-token';

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

  const member = { workspaceId: 'workspace-1', accountId: 'user-1' };

  test('name the member they were made for', () => {
    expect(memberOfUnsubscribeToken(server, unsubscribeToken(server, member))).toEqual(member);
  });

  test('from before workspaces, name the account and its own workspace, which shares its id', () => {
    const subject = 'user-1';
    const old = `${Buffer.from(subject).toString('base64url')}.${server.sign(`tellbox:email-alerts:unsubscribe:${subject}`)}`;
    expect(memberOfUnsubscribeToken(server, old)).toEqual({ workspaceId: 'user-1', accountId: 'user-1' });
  });

  test('are refused when made with another key, moved to another member, or malformed', () => {
    const token = unsubscribeToken(server, member);
    expect(memberOfUnsubscribeToken(signer('another key'), token)).toBeNull();
    const signature = token.split('.')[1] ?? '';
    expect(
      memberOfUnsubscribeToken(server, `${Buffer.from('workspace-1 user-2').toString('base64url')}.${signature}`),
    ).toBeNull();
    for (const bad of ['', '.', 'abc', `${token}x`, `.${signature}`])
      expect(memberOfUnsubscribeToken(server, bad)).toBeNull();
  });
});
