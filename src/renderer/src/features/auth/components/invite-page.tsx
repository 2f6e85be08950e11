import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { InvitationPreview } from '../../../../../shared/api';
import { normalizeEmail } from '../../../../../shared/rules/email';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../../../shared/roles';
import { PublicPage } from '../../../components/public-page';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { aRole } from '../../../utils/role-phrase';
import { timeUntil } from '../../../utils/time-until';
import { useInvitation } from '../api/get-invitation';
import { InviteJoin } from './invite-join';
import { InviteOtherAccount } from './invite-other-account';
import { InviteSignIn } from './invite-sign-in';
import './invite-page.css';

const NO_TOKEN = 'This link holds no invitation. Open the link in the e-mail again, or ask for a new invitation.';
const LOAD_FAILED = 'The invitation could not be loaded. Please try again.';

/** Which workspace, which role, for which address, until when. */
function InvitationSummary({ preview }: { preview: InvitationPreview }) {
  return (
    <div className="tb-invite-summary">
      <p className="tb-invite-lead">
        You are invited to join <strong>{preview.workspaceName}</strong> on Tellbox as {aRole(preview.role)}.
      </p>
      <p className="tb-invite-role">
        <strong>{ROLE_LABELS[preview.role]}:</strong> {ROLE_DESCRIPTIONS[preview.role]}
      </p>
      <p className="tb-invite-meta">
        For {preview.email} · the link expires {timeUntil(preview.expiresAt)}
      </p>
    </div>
  );
}

/**
 * `/invite?token=…`, where an invitation's e-mail leads: the workspace and the role, then the way
 * in. Signed in with the invited address: Join. Signed in as someone else: who, and Sign out.
 * Signed out: create an account for the invited address (no confirmation mail needed, the link
 * proves it) or log in, then join; either way the joined workspace's inbox opens.
 */
export function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const invitation = useInvitation(token);
  const user = useSessionStore((state) => state.user);
  const restoring = useSessionStore((state) => state.restoring);
  // Once a form here has started signing in, it stays on screen (with its progress, and its error
  // if joining fails) instead of giving way to Join as soon as the session exists.
  const [signingIn, setSigningIn] = useState(false);

  if (!token) {
    return (
      <PublicPage title="Invitation not valid">
        <p role="alert">{NO_TOKEN}</p>
        <Link to={paths.login}>Go to login</Link>
      </PublicPage>
    );
  }
  if (invitation.isError) {
    const reason = invitation.error instanceof ApiError && invitation.error.status === 400;
    return (
      <PublicPage title="Invitation not valid">
        <p role="alert">{reason ? (invitation.error as ApiError).serverMessage : LOAD_FAILED}</p>
        <Link to={paths.login}>Go to login</Link>
      </PublicPage>
    );
  }
  if (!invitation.data || restoring) {
    return (
      <PublicPage title="Invitation">
        <p role="status" className="tb-muted">
          Loading the invitation...
        </p>
      </PublicPage>
    );
  }

  const preview = invitation.data;
  const invited = user !== null && normalizeEmail(user.email) === normalizeEmail(preview.email);
  return (
    <PublicPage title={`Join ${preview.workspaceName}`}>
      <InvitationSummary preview={preview} />
      {signingIn || !user ? (
        <InviteSignIn token={token} email={preview.email} onSigningIn={() => setSigningIn(true)} />
      ) : invited ? (
        <InviteJoin token={token} workspaceName={preview.workspaceName} />
      ) : (
        <InviteOtherAccount signedInAs={user.email} invitedEmail={preview.email} />
      )}
    </PublicPage>
  );
}
