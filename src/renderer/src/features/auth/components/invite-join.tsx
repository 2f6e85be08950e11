import { useState } from 'react';
import { buttonClass } from '../../../components/button-class';
import { ApiError } from '../../../lib/api-client';
import { useJoinWorkspace } from '../hooks/use-join-workspace';

/** Signed in with the invited address: one button, and what the server said if it refused. */
export function InviteJoin({ token, workspaceName }: { token: string; workspaceName: string }) {
  const join = useJoinWorkspace();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onJoin = async () => {
    setBusy(true);
    setError(null);
    try {
      await join(token);
    } catch (caught) {
      setError((caught instanceof ApiError && caught.serverMessage) || 'Joining failed. Please try again.');
      setBusy(false);
    }
  };
  return (
    <>
      {error ? (
        <p role="alert" className="tb-notice tb-notice-warning">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className={buttonClass({ variant: 'primary', block: true, size: 'large' })}
        disabled={busy}
        onClick={() => void onJoin()}
      >
        {busy ? 'Joining...' : `Join ${workspaceName}`}
      </button>
    </>
  );
}
