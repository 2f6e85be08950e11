import { Alert, Button } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { RESEND_FAILED, resendConfirmation } from '../api/resend-confirmation';

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'sent' | 'failed'; message: string };

/**
 * Shown when a login is refused because the address is not confirmed yet: the server's reason,
 * and a button that mails a new confirmation link to the address that was typed.
 */
export function UnconfirmedEmailNotice({ email, reason }: { email: string; reason: string }) {
  const [sending, setSending] = useState<Sending>({ state: 'idle' });

  const resend = async () => {
    setSending({ state: 'sending' });
    try {
      const { message } = await resendConfirmation({ email });
      setSending({ state: 'sent', message });
    } catch (error) {
      // The server's words when it gave any (too many requests), else the general failure.
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : RESEND_FAILED;
      setSending({ state: 'failed', message });
    }
  };

  if (sending.state === 'sent') {
    return <Alert className="tb-login-notice" type="success" showIcon title={sending.message} role="status" />;
  }
  return (
    <Alert
      className="tb-login-notice"
      type="warning"
      showIcon
      title={reason}
      description={
        <>
          {sending.state === 'failed' ? (
            <p className="tb-field-error" role="alert">
              {sending.message}
            </p>
          ) : null}
          <Button onClick={() => void resend()} loading={sending.state === 'sending'}>
            Resend confirmation e-mail
          </Button>
        </>
      }
    />
  );
}
