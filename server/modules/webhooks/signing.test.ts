import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { generateWebhookSecret, newDeliveryId, signDelivery } from './signing';

const body = '{"type":"feedback.created","timestamp":"2026-03-04T05:06:07.000Z","data":{"message":"Hi"}}';

describe('Standard Webhooks signing', () => {
  test('secrets are whsec_ and the base64 of 32 random bytes', () => {
    const secrets = new Set(Array.from({ length: 50 }, generateWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    }
  });

  test('delivery ids are msg_ and 128 random bits, URL-safe', () => {
    const ids = new Set(Array.from({ length: 50 }, newDeliveryId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^msg_[\w-]{22}$/);
  });

  test('a receiver verifies what is signed with the standardwebhooks library', () => {
    const secret = generateWebhookSecret();
    const headers = signDelivery(secret, { id: 'msg_1', timestamp: new Date(), body });
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  test('a changed body, another secret or an old timestamp is rejected', () => {
    const secret = generateWebhookSecret();
    const headers = { ...signDelivery(secret, { id: 'msg_1', timestamp: new Date(), body }) };
    expect(() => new Webhook(secret).verify(body.replace('Hi', 'Hi!'), headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(secret).verify(` ${body}`, headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(/No matching signature/);
    const old = { ...signDelivery(secret, { id: 'msg_1', timestamp: new Date(Date.now() - 10 * 60_000), body }) };
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/too old/);
  });

  test('headers follow the spec: seconds, and v1,<base64 HMAC-SHA256 of "id.timestamp.body">', () => {
    const secret = generateWebhookSecret();
    const headers = signDelivery(secret, { id: 'msg_abc', timestamp: new Date('2026-03-04T05:06:07.890Z'), body });
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`msg_abc.1772600767.${body}`).digest('base64');
    expect(headers).toEqual({
      'webhook-id': 'msg_abc',
      'webhook-timestamp': '1772600767',
      'webhook-signature': `v1,${expected}`,
    });
  });

  test('while a secret is rotated, signatures under the new and the old secret both verify', () => {
    const [fresh, old] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = { ...signDelivery([fresh, old], { id: 'msg_1', timestamp: new Date(), body }) };
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(old).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => signDelivery([], { id: 'msg_1', timestamp: new Date(), body })).toThrow();
  });
});
