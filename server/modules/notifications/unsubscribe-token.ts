/**
 * The token in an alert's unsubscribe link: the member (workspace and account ids) and an HMAC
 * over them and this purpose, so the link turns alerts off without a login and cannot be made for
 * another member. It does not expire: an unsubscribe link must keep working in old mails, and
 * those from before workspaces name one id, the account's, which its own workspace shares.
 */
import type { Member } from './member';

/** Signs and checks text with the server's secret key. */
export interface Signer {
  sign(text: string): string;
  verify(text: string, signature: string): boolean;
}

const PURPOSE = 'tellbox:email-alerts:unsubscribe';

const signedText = (userId: string) => `${PURPOSE}:${userId}`;

/** `base64url("<workspace id> <account id>").signature`. */
export function unsubscribeToken(signer: Signer, member: Member): string {
  const subject = `${member.workspaceId} ${member.accountId}`;
  return `${Buffer.from(subject).toString('base64url')}.${signer.sign(signedText(subject))}`;
}

/** The member a token was made for, or null when it was not made by this server. */
export function memberOfUnsubscribeToken(signer: Signer, token: string): Member | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const subject = Buffer.from(token.slice(0, dot), 'base64url').toString('utf8');
  const signature = token.slice(dot + 1);
  if (!subject || !signature || !signer.verify(signedText(subject), signature)) return null;
  const [workspaceId = '', accountId = workspaceId] = subject.split(' ');
  return workspaceId ? { workspaceId, accountId } : null;
}
