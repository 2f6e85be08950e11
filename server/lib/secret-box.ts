/**
 * Secrets the server must read back (webhook signing secrets) are stored sealed with AES-256-GCM,
 * and short tokens it hands out (unsubscribe links) are signed with HMAC-SHA256. Both use keys
 * derived from the one server key with HKDF, each for its own purpose, so a signature can never be
 * passed off as a ciphertext, nor one purpose's signature as another's.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const SEALED_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** HKDF salt: fixed, since the server key is already uniformly random (RFC 5869 §3.1). */
const HKDF_SALT = 'tellbox';

function subKey(key: Buffer, info: string): Buffer {
  if (key.length < 32) throw new Error('The server key must be at least 32 bytes');
  return Buffer.from(hkdfSync('sha256', key, HKDF_SALT, info, 32));
}

export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url), different on every call. */
  seal(plain: string, context?: string): string;
  /** The sealed text's plaintext; throws if it was altered, sealed with another key or context. */
  open(sealed: string, context?: string): string;
}

const ALTERED = 'The sealed secret was altered, or sealed with another server key';

/**
 * Seals and opens text with AES-256-GCM under a sub-key of `key`. `context` (a row id, say) is
 * authenticated but not stored: text sealed for one context does not open in another.
 */
export function createSecretBox(key: Buffer): SecretBox {
  const encryptionKey = subKey(key, 'tellbox secret-box v1: aes-256-gcm');
  return {
    seal(plain, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [SEALED_VERSION, ...parts].join('.');
    },
    open(sealed, context = '') {
      const [version, ivText, tagText, ciphertextText, ...extra] = sealed.split('.');
      if (version !== SEALED_VERSION || ciphertextText === undefined || extra.length > 0) {
        throw new Error('Not a sealed secret (expected v1.<iv>.<tag>.<ciphertext>)');
      }
      const iv = Buffer.from(ivText ?? '', 'base64url');
      const tag = Buffer.from(tagText ?? '', 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error(ALTERED);
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new Error(ALTERED);
      }
    },
  };
}

export interface HmacSigner {
  /** The text's signature: 43 base64url characters. */
  sign(text: string): string;
  /** Whether `signature` is the text's, compared in constant time. */
  verify(text: string, signature: string): boolean;
}

/**
 * Signs short texts (an unsubscribe link's address and id) with HMAC-SHA256 under a sub-key of
 * `key` for `purpose`: a signature made for one purpose does not verify for another.
 */
export function createHmacSigner(key: Buffer, purpose: string): HmacSigner {
  if (!purpose) throw new Error('createHmacSigner needs a purpose');
  const signingKey = subKey(key, `tellbox hmac-signer v1: ${purpose}`);
  const sign = (text: string) => createHmac('sha256', signingKey).update(text, 'utf8').digest('base64url');
  return {
    sign,
    verify(text, signature) {
      // Compares the text forms: base64url decoding skips stray characters, so decoded bytes
      // could match for a signature someone padded.
      const expected = Buffer.from(sign(text), 'utf8');
      const given = Buffer.from(signature, 'utf8');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
