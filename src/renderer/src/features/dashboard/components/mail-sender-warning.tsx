import { Alert } from 'antd';
import type { MailSender } from '../../../../../shared/api';

/**
 * Shown to owners and admins while MAIL_FROM is still the default `…@localhost`: most mail servers
 * refuse such mail, so replies, invitations and alerts may never arrive (docs/architecture.md,
 * "Configuration"). Quiet: one short paragraph under the heading, nothing that blocks the dashboard.
 */
export function MailSenderWarning({ sender }: { sender: MailSender }) {
  return (
    <Alert
      className="tb-mail-sender-warning"
      // A standing fact, not news: a note, not an alert a screen reader breaks in with.
      role="note"
      type="warning"
      showIcon
      title={
        <>
          Tellbox sends e-mail from <code>{sender.address}</code>, which most mail servers refuse: replies, invitations
          and alerts may not arrive. Set <code>MAIL_FROM</code> to an address on your own domain and restart the server.
        </>
      }
    />
  );
}
