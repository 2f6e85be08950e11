/**
 * Single sign-on's words, shared by the server (which refuses) and the console (which explains).
 * Zod-free, so the login page's bundle stays light. The server sends a refusal's code in the
 * address it redirects to (`/login?sso_error=domain`), never free text: a link someone crafted can
 * then only ever show one of these messages.
 */
import type { z } from 'zod';
import type { ssoInfoSchema } from './schemas/responses/sso';

/** What `GET /api/auth/sso` answers when single sign-on is set up: the provider's name and allowed domains. */
export type SsoInfo = z.infer<typeof ssoInfoSchema>;

export const SSO_ERROR_CODES = [
  'not_configured',
  'unreachable',
  'expired',
  'rejected',
  'denied',
  'unverified_email',
  'domain',
  'bad_return',
  'failed',
  // The desktop app's own: its browser could not be opened, or the sign-in there never came back.
  'browser',
  'timeout',
] as const;

export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

/** The query parameter of `/login` (and of the desktop app's loopback address) that carries a refusal. */
export const SSO_ERROR_PARAM = 'sso_error';

export function isSsoErrorCode(value: unknown): value is SsoErrorCode {
  return typeof value === 'string' && (SSO_ERROR_CODES as readonly string[]).includes(value);
}

/** "acme.com", "acme.com or acme.org", "a.com, b.com or c.com". */
function listOfDomains(domains: string[]): string {
  if (domains.length <= 1) return domains.join('');
  return `${domains.slice(0, -1).join(', ')} or ${domains.at(-1) ?? ''}`;
}

/** The sentence the owner reads for a refused single sign-on. */
export function ssoErrorMessage(code: SsoErrorCode, info: SsoInfo | null): string {
  const name = info?.name ?? 'single sign-on';
  switch (code) {
    case 'not_configured':
      return 'Single sign-on is not set up on this server. Log in with your e-mail and password.';
    case 'unreachable':
      return `${name} could not be reached. Please try again in a moment.`;
    case 'expired':
      return 'This sign-in has expired or was already used. Please sign in again.';
    case 'rejected':
      return 'This sign-in could not be verified, so it was refused. Please sign in again.';
    case 'denied':
      return `${name} did not sign you in. Please try again.`;
    case 'unverified_email':
      return `${name} did not confirm an e-mail address for your account, so you cannot be signed in. Ask your administrator to verify it.`;
    case 'domain':
      return info && info.allowedDomains.length > 0
        ? `Only addresses at ${listOfDomains(info.allowedDomains)} can sign in with ${name}. Use your work account.`
        : `Your e-mail address is not allowed to sign in with ${name}.`;
    case 'bad_return':
      return 'The app asked to be signed in at an address that is not allowed.';
    case 'failed':
      return `Signing in with ${name} failed. Please try again.`;
    case 'browser':
      return 'Your browser could not be opened to sign in. Please try again.';
    case 'timeout':
      return 'The sign-in in your browser did not finish in time. Please try again.';
  }
}

/** What a password login for an address that must use single sign-on (OIDC_ONLY) is told. */
export function ssoOnlyMessage(name: string, domain: string): string {
  return `Password login is turned off for ${domain} addresses. Use “Sign in with ${name}” instead.`;
}
