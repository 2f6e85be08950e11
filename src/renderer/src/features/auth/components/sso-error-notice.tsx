import { useSearchParams } from 'react-router-dom';
import { SSO_ERROR_PARAM, isSsoErrorCode, ssoErrorMessage, type SsoInfo } from '../../../../../shared/sso';

/**
 * Why the last single sign-on did not sign the visitor in, when it sent them back here
 * (`/login?sso_error=domain`). Only the codes of src/shared/sso.ts are shown: a crafted link cannot
 * put words of its own on the page.
 */
export function SsoErrorNotice({ info }: { info: SsoInfo | null }) {
  const [params] = useSearchParams();
  const code = params.get(SSO_ERROR_PARAM);
  if (!isSsoErrorCode(code)) return null;
  return (
    <div className="tb-login-notice tb-notice tb-notice-warning" role="alert">
      {ssoErrorMessage(code, info)}
    </div>
  );
}
