import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ssoErrorMessage } from '../../../../../shared/sso';
import { buttonClass } from '../../../components/button-class';
import { PublicPage } from '../../../components/public-page';
import { ApiError } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { afterLoginPath } from '../after-login-path';
import { redeemSso } from '../api/redeem-sso';

/** The one-time code a finished single sign-on put in the fragment (`/sso/complete#code=…`). */
function takeCodeFromAddress(): string | null {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
  // Out of the address bar at once: not kept in the history, not shared with a copied address.
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return code;
}

/**
 * `/sso/complete`: where a single sign-on ends in the browser. The code is redeemed for a session,
 * stored as a password login stores its own, and the owner goes on to the dashboard.
 */
export function SsoCompletePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true; // the code is single-use: redeem it once, StrictMode or not
    const code = takeCodeFromAddress();
    if (!code) {
      setFailure(ssoErrorMessage('expired', null));
      return;
    }
    redeemSso({ code })
      .then((login) => {
        startSession(login);
        toast.success('Login successful', 'Welcome back!');
        void navigate(afterLoginPath(), { replace: true });
      })
      .catch((error: unknown) => {
        setFailure(
          error instanceof ApiError ? (error.serverMessage ?? error.message) : ssoErrorMessage('failed', null),
        );
      });
  }, [navigate, toast]);

  if (!failure) {
    return (
      <PublicPage title="Signing you in">
        <p role="status" className="tb-muted">
          One moment…
        </p>
      </PublicPage>
    );
  }
  return (
    <PublicPage title="Sign-in failed">
      <p role="alert">{failure}</p>
      <Link to="/login" className={buttonClass({ variant: 'primary' })}>
        Back to login
      </Link>
    </PublicPage>
  );
}
