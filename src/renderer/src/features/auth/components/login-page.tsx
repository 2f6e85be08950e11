import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PublicPage } from '../../../components/public-page';
import { Tabs } from '../../../components/tabs';
import { getStorage } from '../../../lib/storage';
import { useSessionStore } from '../../../stores/session-store';
import { useSsoInfo } from '../api/get-sso';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { SsoErrorNotice } from './sso-error-notice';
import { SsoSignIn } from './sso-sign-in';

/** `/login` and `/signup`: one screen; `plan` is passed on to sign-up (docs/product.md §2). */
export function LoginPage() {
  const user = useSessionStore((state) => state.user);
  const restoring = useSessionStore((state) => state.restoring);
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plan = params.get('plan');
  const tab = location.pathname === '/signup' ? 'signup' : 'login';
  const sso = useSsoInfo();

  useEffect(() => {
    if (plan === 'pro' || plan === 'premium') getStorage().setSession('selectedPlan', plan);
  }, [plan]);

  // Only a visitor who arrives logged in is sent on from here; a fresh login navigates itself
  // (to where it was going), and must not race this redirect. A prerendered page is drawn before
  // the stored session is read, so "arrived" is decided once it has been.
  const [arrivedLoggedIn, setArrivedLoggedIn] = useState<boolean | null>(() => (restoring ? null : user !== null));
  useEffect(() => {
    if (arrivedLoggedIn === null && !restoring) setArrivedLoggedIn(user !== null);
  }, [arrivedLoggedIn, restoring, user]);
  if (arrivedLoggedIn && user) return <Navigate to="/dashboard" replace />;

  return (
    <PublicPage title="Welcome to Tellbox">
      {sso !== undefined ? <SsoErrorNotice info={sso} /> : null}
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate({ pathname: `/${key}`, search: location.search })}
        items={[
          { key: 'login' as const, label: 'Login', children: <LoginForm /> },
          { key: 'signup' as const, label: 'Sign Up', children: <SignupForm plan={plan} /> },
        ]}
      />
      {sso ? <SsoSignIn info={sso} /> : null}
    </PublicPage>
  );
}
