import { useState } from 'react';
import { buttonClass } from '../../../components/button-class';
import { logOut } from '../../../lib/session';

/**
 * Signed in with another address than the invited one: the invitation is not for this account, so
 * the way on is to sign out and come back in (or sign up) with the invited address.
 */
export function InviteOtherAccount({ signedInAs, invitedEmail }: { signedInAs: string; invitedEmail: string }) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="tb-notice tb-notice-warning tb-invite-other">
      <p className="tb-notice-title">
        You are signed in as <strong>{signedInAs}</strong>, but this invitation is for <strong>{invitedEmail}</strong>.
      </p>
      <p>Sign out, then log in or create an account with {invitedEmail} to join.</p>
      <button
        type="button"
        className={buttonClass({ variant: 'primary' })}
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          logOut();
        }}
      >
        Sign out
      </button>
    </div>
  );
}
