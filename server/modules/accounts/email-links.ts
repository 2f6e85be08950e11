import type { EmailTokenPurpose } from '../../db/schema';
import { DAY_MS, HOUR_MS } from '../../lib/time';

/** How long each kind of e-mailed link works (docs/product.md, "Accounts": a reset link lasts 1 hour). */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  'confirm-email': 2 * DAY_MS,
  'reset-password': HOUR_MS,
  'change-email': DAY_MS,
};

/** At most this many links of one kind go to one account per hour (docs/security-model.md A-10). */
export const MAX_EMAIL_LINKS_PER_HOUR = 5;

const PAGE_OF: Record<EmailTokenPurpose, string> = {
  'confirm-email': '/confirm-email',
  'change-email': '/confirm-email',
  'reset-password': '/reset-password',
};

/** A link into the console, always built from PUBLIC_URL and never from request headers. */
export function emailLink(publicUrl: string, purpose: EmailTokenPurpose, token: string): string {
  return `${publicUrl}${PAGE_OF[purpose]}?token=${encodeURIComponent(token)}`;
}
