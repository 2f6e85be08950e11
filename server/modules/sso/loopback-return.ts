/**
 * The desktop app's way back from the system browser (RFC 8252, "OAuth 2.0 for Native Apps"): a
 * loopback address it listens on for this one sign-in, and a PKCE pair (RFC 7636) that proves the
 * code arriving there is redeemed by the app that asked for it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The return address when it is an `http://127.0.0.1:<port>/…` or `http://[::1]:<port>/…` one
 * (RFC 8252 §7.3; §8.3 prefers the IP literals to `localhost`, which a hosts file can send
 * elsewhere); undefined for anything else, so a sign-in can never be handed to another host.
 */
export function loopbackReturnOf(text: string): string | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  const loopback = url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'http:' || !loopback || url.port === '') return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  return url.href;
}

/** `base` with `name=value` added to its query. */
export function withQueryParam(base: string, name: string, value: string): string {
  const url = new URL(base);
  url.searchParams.set(name, value);
  return url.href;
}

/** Whether `verifier` is the one `challenge` was made from (S256). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const made = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return made.length === expected.length && timingSafeEqual(made, expected);
}
