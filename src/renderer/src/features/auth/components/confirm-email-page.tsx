import { Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PublicPage } from '../../../components/public-page';
import { ApiError } from '../../../lib/api-client';
import { confirmEmail } from '../api/confirm-email';

/** docs/product.md §9: after a confirmation the visitor goes to /login after 3 s. */
export const CONFIRM_REDIRECT_MS = 3000;

type State = { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'loading' } : { kind: 'error', message: 'Invalid confirmation link. No token provided.' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true; // the link is single-use: confirm once even under StrictMode
    confirmEmail(token)
      .then((answer) => setState({ kind: 'success', message: answer.message }))
      .catch((error: unknown) => {
        const message =
          error instanceof ApiError
            ? (error.serverMessage ?? error.message)
            : 'An error occurred while confirming your email. Please try again.';
        setState({ kind: 'error', message });
      });
  }, [token]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = window.setTimeout(() => void navigate('/login'), CONFIRM_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state.kind, navigate]);

  const title =
    state.kind === 'loading'
      ? 'Confirming your email'
      : state.kind === 'success'
        ? 'Email confirmed'
        : 'Confirmation failed';
  return (
    <PublicPage title={title}>
      {state.kind === 'loading' ? (
        <p role="status">
          <Spin size="small" /> Confirming your email...
        </p>
      ) : (
        <>
          <p role={state.kind === 'error' ? 'alert' : 'status'}>{state.message}</p>
          {state.kind === 'success' ? <p>Redirecting to login...</p> : null}
          <Button type="primary" onClick={() => void navigate('/login')}>
            Go to Login
          </Button>
        </>
      )}
    </PublicPage>
  );
}
