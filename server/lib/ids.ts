/** Random identifiers and secrets; all come from the CSPRNG. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A row id. */
export function newId(): string {
  return randomUUID();
}

/** A widget's public site key: 24 URL-safe characters. */
export function newSiteKey(): string {
  return randomBytes(18).toString('base64url');
}

/** A bearer or e-mail token: 256 bits, URL-safe. Only its hash is ever stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a secret token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
