import { Button, Input } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FieldError } from '../../../components/form/field-error';
import { PublicPage } from '../../../components/public-page';
import { connectServer, useServerUrlStore } from '../stores/server-url-store';
import { pathAfterSetup } from '../utils/next-path';

export const SERVER_URL_REQUIRED = 'Enter the address of your Tellbox server.';

/**
 * `/setup-server` in the desktop app: the address of the owner's Tellbox server (the hosted one or
 * their own), checked by the app with `GET /api/health` before it is saved.
 */
export function SetupServerPage() {
  const current = useServerUrlStore((state) => state.url);
  const navigate = useNavigate();
  const location = useLocation();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const url = value.trim();
    if (!url) {
      setError(SERVER_URL_REQUIRED);
      return;
    }
    setError(null);
    setBusy(true);
    const result = await connectServer(url);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    void navigate(pathAfterSetup(location.state), { replace: true });
  };

  return (
    <PublicPage title="Connect to your Tellbox server">
      <p className="tb-muted">
        Enter the address of the Tellbox server you use, the hosted one or your own. The app checks that it answers
        before saving it.
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Tellbox server">
        <div className="tb-field">
          <label htmlFor={id}>Server address</label>
          <Input
            id={id}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://tellbox.example.com"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <FieldError id={errorId} message={error ?? undefined} />
        </div>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {busy ? 'Connecting...' : 'Connect'}
        </Button>
      </form>
    </PublicPage>
  );
}
