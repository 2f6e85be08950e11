import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { createHmacSigner, createSecretBox } from './secret-box';

const key = randomBytes(32);

/** The sealed text with one character of part `index` (0 = version … 3 = ciphertext) changed. */
function withPartChanged(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const part = parts[index] ?? '';
  const bytes = Buffer.from(part, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box', () => {
  test('seals to v1.<iv>.<tag>.<ciphertext> that opens to the same text, never twice alike', () => {
    const box = createSecretBox(key);
    for (const plain of ['whsec_c2VjcmV0', '', 'clé 🔑 ключ']) {
      const first = box.seal(plain);
      const second = box.seal(plain);
      expect(first).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]*$/);
      expect(first).not.toBe(second);
      expect(box.open(first)).toBe(plain);
      expect(box.open(second)).toBe(plain);
    }
    expect(box.seal('whsec_c2VjcmV0')).not.toContain('c2VjcmV0');
  });

  test('a sealed secret opens after a restart with the same key', () => {
    const sealed = createSecretBox(key).seal('whsec_abc');
    expect(createSecretBox(Buffer.from(key)).open(sealed)).toBe('whsec_abc');
  });

  test('a changed iv, tag or ciphertext is refused with a clear error', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('whsec_abc');
    for (const index of [1, 2, 3]) {
      expect(() => box.open(withPartChanged(sealed, index))).toThrow(
        'The sealed secret was altered, or sealed with another server key',
      );
    }
    expect(() => box.open(sealed.slice(0, -2))).toThrow(/altered/);
  });

  test('another server key cannot open it', () => {
    const sealed = createSecretBox(key).seal('whsec_abc');
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow(/another server key/);
  });

  test('text sealed for one context does not open in another', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('whsec_abc', 'endpoint-1');
    expect(box.open(sealed, 'endpoint-1')).toBe('whsec_abc');
    expect(() => box.open(sealed, 'endpoint-2')).toThrow(/altered/);
    expect(() => box.open(sealed)).toThrow(/altered/);
  });

  test('what is not a sealed secret is named as such', () => {
    const box = createSecretBox(key);
    for (const text of ['whsec_plain', 'v2.a.b.c', 'v1.a.b', `${box.seal('x')}.extra`]) {
      expect(() => box.open(text)).toThrow('Not a sealed secret (expected v1.<iv>.<tag>.<ciphertext>)');
    }
  });

  test('a short key is refused', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/at least 32 bytes/);
  });
});

describe('HMAC signer', () => {
  test('a signature verifies its own text only', () => {
    const signer = createHmacSigner(key, 'unsubscribe');
    const signature = signer.sign('owner-1:feedback');
    expect(signature).toMatch(/^[\w-]{43}$/);
    expect(signer.verify('owner-1:feedback', signature)).toBe(true);
    expect(signer.verify('owner-2:feedback', signature)).toBe(false);
    const lastChanged = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    expect(signer.verify('owner-1:feedback', lastChanged)).toBe(false);
    expect(signer.verify('owner-1:feedback', `${signature}!`)).toBe(false);
    expect(signer.verify('owner-1:feedback', '')).toBe(false);
  });

  test('a signature made for one purpose, or under another key, does not verify', () => {
    const signature = createHmacSigner(key, 'unsubscribe').sign('owner-1');
    expect(createHmacSigner(key, 'email-change').verify('owner-1', signature)).toBe(false);
    expect(createHmacSigner(randomBytes(32), 'unsubscribe').verify('owner-1', signature)).toBe(false);
    expect(createHmacSigner(Buffer.from(key), 'unsubscribe').verify('owner-1', signature)).toBe(true);
  });

  test('the signing key is derived from the server key, not the server key itself', () => {
    const signature = createHmacSigner(key, 'unsubscribe').sign('owner-1');
    expect(signature).not.toBe(createHmac('sha256', key).update('owner-1').digest('base64url'));
  });
});
