/**
 * The token in an alert's unsubscribe link: the account id and an HMAC over it and this purpose,
 * so the link turns alerts off without a login and cannot be made for another account. It does
 * not expire: an unsubscribe link must keep working in old mails.
 */

/** Signs and checks text with the server's secret key. */
export interface Signer {
  sign(text: string): string;
  verify(text: string, signature: string): boolean;
}

const PURPOSE = 'tellbox:email-alerts:unsubscribe';

const signedText = (userId: string) => `${PURPOSE}:${userId}`;

/** `base64url(userId).signature`. */
export function unsubscribeToken(signer: Signer, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signer.sign(signedText(userId))}`;
}

/** The account id a token was made for, or null when it was not made by this server. */
export function userIdOfUnsubscribeToken(signer: Signer, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const userId = Buffer.from(token.slice(0, dot), 'base64url').toString('utf8');
  const signature = token.slice(dot + 1);
  if (!userId || !signature) return null;
  return signer.verify(signedText(userId), signature) ? userId : null;
}
