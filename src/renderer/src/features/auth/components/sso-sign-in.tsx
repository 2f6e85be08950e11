import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DesktopBridge } from '../../../../../shared/desktop-bridge';
import { ssoErrorMessage, type SsoInfo } from '../../../../../shared/sso';
import { buttonClass } from '../../../components/button-class';
import { SvgIcon } from '../../../components/svg-icon';
import { env } from '../../../config/env';
import { desktopBridge } from '../../../lib/platform';
import { startSession } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { afterLoginPath } from '../after-login-path';
import './sso.css';

const BUTTON = `${buttonClass({ block: true })} tb-sso-button`;

/** The desktop app's button: the sign-in runs in the system browser and comes back to the app. */
function DesktopSsoButton({ info, bridge }: { info: SsoInfo; bridge: DesktopBridge }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [waiting, setWaiting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const signIn = async () => {
    setWaiting(true);
    setFailure(null);
    const result = await bridge.signInWithSso();
    setWaiting(false);
    if (result.ok) {
      startSession(result.login);
      toast.success('Login successful', 'Welcome back!');
      void navigate(afterLoginPath(), { replace: true });
    } else if (result.error !== 'cancelled') {
      setFailure(ssoErrorMessage(result.error, info));
    }
  };

  return (
    <>
      {failure ? (
        <div className="tb-login-notice tb-notice tb-notice-warning" role="alert">
          {failure}
        </div>
      ) : null}
      <button type="button" className={BUTTON} onClick={() => void signIn()} aria-busy={waiting}>
        <SvgIcon icon={SafetyCertificateOutlined} className="tb-sso-icon" />
        <span>{waiting ? 'Continue in your browser…' : `Sign in with ${info.name}`}</span>
      </button>
    </>
  );
}

/**
 * "Sign in with <name>" under the password form, when the server offers single sign-on. In the
 * browser a plain link: the server sends the browser on to the provider. In the desktop app the
 * system browser does the sign-in (clicking again starts over, e.g. after its tab was closed).
 */
export function SsoSignIn({ info }: { info: SsoInfo }) {
  const bridge = desktopBridge();
  return (
    <div className="tb-sso">
      <p className="tb-sso-divider">
        <span>or</span>
      </p>
      {bridge ? (
        <DesktopSsoButton info={info} bridge={bridge} />
      ) : (
        <a className={BUTTON} href={`${env.apiUrl}/auth/oidc/start`}>
          <SvgIcon icon={SafetyCertificateOutlined} className="tb-sso-icon" />
          <span>Sign in with {info.name}</span>
        </a>
      )}
    </div>
  );
}
