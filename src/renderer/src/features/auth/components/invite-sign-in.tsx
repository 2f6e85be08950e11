import { useState } from 'react';
import { Tabs } from '../../../components/tabs';
import { InviteLoginForm } from './invite-login-form';
import { InviteSignupForm } from './invite-signup-form';

type Way = 'signup' | 'login';

/**
 * Signed out on the invite page: a new account for the invited address (the default: most people
 * invited have none), or a login with it. Sign-up that finds the address taken moves to Log in.
 */
export function InviteSignIn({
  token,
  email,
  onSigningIn,
}: {
  token: string;
  email: string;
  /** Called as a form starts to sign in: the page keeps this form until it has joined. */
  onSigningIn: () => void;
}) {
  const [way, setWay] = useState<Way>('signup');
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Tabs<Way>
      activeKey={way}
      onChange={(key) => {
        setNotice(null);
        setWay(key);
      }}
      items={[
        {
          key: 'signup',
          label: 'Create account',
          children: (
            <InviteSignupForm
              token={token}
              email={email}
              onSigningIn={onSigningIn}
              onAccountExists={(message) => {
                setNotice(message);
                setWay('login');
              }}
            />
          ),
        },
        {
          key: 'login',
          label: 'Log in',
          children: <InviteLoginForm token={token} email={email} notice={notice} onSigningIn={onSigningIn} />,
        },
      ]}
    />
  );
}
