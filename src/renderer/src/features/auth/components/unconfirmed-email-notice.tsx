import { useState } from 'react';
import { buttonClass } from '../../../components/button-class';
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
    return (
      <div className="tb-login-notice tb-notice tb-notice-success" role="status">
        {sending.message}
      </div>
    );
  }
  return (
    <div className="tb-login-notice tb-notice tb-notice-warning" role="alert">
      <p className="tb-notice-title">{reason}</p>
      {sending.state === 'failed' ? (
        <p className="tb-field-error" role="alert">
          {sending.message}
        </p>
      ) : null}
      <button
        type="button"
        className={buttonClass()}
        disabled={sending.state === 'sending'}
        onClick={() => void resend()}
      >
        Resend confirmation e-mail
      </button>
    </div>
  );
}
