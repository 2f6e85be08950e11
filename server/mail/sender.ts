/**
 * Who a mail says it is from. Tellbox's own mails come from MAIL_FROM as it is written; a reply to
 * a visitor comes from the same address under the workspace's name ("Acme via Tellbox"), so the
 * visitor sees who answered and the address stays one the server may send from (SPF, DKIM).
 */
import { singleLine } from './templates/line-breaks';

/** A display name longer than this is cut: mail clients show about this much of a sender anyway. */
const MAX_NAME_LENGTH = 64;

/** `no-reply@example.com` out of `Tellbox <no-reply@example.com>` or a bare address. */
export function senderAddressOf(mailFrom: string): string {
  const bracketed = /<([^<>]+)>\s*$/.exec(mailFrom);
  return (bracketed?.[1] ?? mailFrom).trim();
}

/**
 * Whether MAIL_FROM is still the default `…@localhost`: mail from it is refused or marked as spam
 * by most receiving servers, so the console warns whoever can act on it.
 */
export function isLocalSender(mailFrom: string): boolean {
  const domain = senderAddressOf(mailFrom).split('@').pop() ?? '';
  return /^(localhost|localhost\.localdomain|127\.0\.0\.1|\[127\.0\.0\.1\])$/i.test(domain);
}

/**
 * "Acme via Tellbox" at MAIL_FROM's address. The name is typed by people: it is put on one line
 * and cut to a sane length here, and nodemailer quotes or encodes it (RFC 5322 quoted string,
 * RFC 2047 for non-ASCII), so commas, quotes and angle brackets in it stay part of the name.
 */
export function onBehalfOf(name: string, mailFrom: string): { name: string; address: string } {
  // Control characters (a NUL, a tab) go too: only a header's own folding may break it.
  const oneLine = singleLine(name)
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  const short = oneLine.length > MAX_NAME_LENGTH ? `${oneLine.slice(0, MAX_NAME_LENGTH - 1).trimEnd()}…` : oneLine;
  return { name: short ? `${short} via Tellbox` : 'Tellbox', address: senderAddressOf(mailFrom) };
}
