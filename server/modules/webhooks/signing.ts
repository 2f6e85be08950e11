/**
 * Standard Webhooks signing (standardwebhooks.com): each delivery carries `webhook-id`,
 * `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, so
 * a receiver can check it with any Standard Webhooks library and the endpoint's `whsec_…` secret.
 * The HMAC itself comes from the `standardwebhooks` package, the same code receivers verify with.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** Standard Webhooks asks for 24 to 64 random bytes; 32 match HMAC-SHA256's block of security. */
const SECRET_BYTES = 32;

export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export interface Delivery {
  /** The same on every attempt of one delivery, so a receiver can drop duplicates. */
  id: string;
  /** When this attempt is sent; receivers refuse timestamps more than 5 minutes away. */
  timestamp: Date;
  /** The exact request body; any change, even whitespace, fails verification. */
  body: string;
}

/** A new endpoint secret: `whsec_` and the base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** A delivery's `webhook-id`: `msg_` and 22 URL-safe random characters (128 bits). */
export function newDeliveryId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * The three signature headers for one attempt. Several secrets (the new and the old, while a
 * rotated secret is phased out) give several space-separated signatures, any of which verifies.
 */
export function signDelivery(secrets: string | readonly string[], delivery: Delivery): SignatureHeaders {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  if (all.length === 0) throw new Error('signDelivery needs at least one secret');
  const signatures = all.map((secret) => new Webhook(secret).sign(delivery.id, delivery.timestamp, delivery.body));
  return {
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(delivery.timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
