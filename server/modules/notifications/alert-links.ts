/** The links every alert carries, and its unsubscribe headers (RFC 2369, RFC 8058). */
import type { AlertContent } from '../../mail/templates/alert-mails';
import { UNSUBSCRIBE_PATH } from './unsubscribe.routes';
import type { Member } from './member';
import { unsubscribeToken, type Signer } from './unsubscribe-token';

export type AlertLinks = Pick<AlertContent, 'inboxUrl' | 'unsubscribeUrl' | 'settingsUrl'>;

export function alertLinks(publicUrl: string, signer: Signer, member: Member): AlertLinks {
  return {
    inboxUrl: `${publicUrl}/feedback`,
    settingsUrl: `${publicUrl}/settings/alerts`,
    unsubscribeUrl: `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(signer, member))}`,
  };
}

/** Lets mail clients show an unsubscribe button that works in one click, without a login. */
export function unsubscribeHeaders(links: AlertLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
