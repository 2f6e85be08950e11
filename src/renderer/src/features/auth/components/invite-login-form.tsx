import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { loginInputSchema, type LoginInput, type z } from '../../../../../shared/schemas';
import { buttonClass } from '../../../components/button-class';
import { PlainTextField } from '../../../components/form/plain-text-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { login } from '../api/login';
import { useJoinWorkspace } from '../hooks/use-join-workspace';
import { FixedEmailField } from './fixed-email-field';
import { formResolver } from '../../../components/form/form-resolver';

/** An existing account of the invited address: its password, then in and joined. */
export function InviteLoginForm({
  token,
  email,
  notice,
  onSigningIn,
}: {
  token: string;
  email: string;
  notice: string | null;
  onSigningIn: () => void;
}) {
  const join = useJoinWorkspace();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.input<typeof loginInputSchema>, unknown, LoginInput>({
    resolver: formResolver(loginInputSchema),
    defaultValues: { email, password: '' },
  });

  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    let signedIn = false;
    try {
      onSigningIn();
      startSession(await login({ email, password }));
      signedIn = true;
      await join(token);
    } catch (error) {
      const said = error instanceof ApiError ? error.serverMessage : null;
      // A refused login says "check your credentials"; a refused join says why in the server's words.
      setFailure(
        signedIn
          ? (said ?? 'Joining failed. Please try again.')
          : (said ?? 'Login failed. Please check your password.'),
      );
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Log in">
      {notice ? (
        <p role="status" className="tb-notice tb-notice-success">
          {notice}
        </p>
      ) : null}
      <FixedEmailField email={email} />
      <PlainTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <p className="tb-form-link">
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </p>
      {failure ? (
        <p role="alert" className="tb-notice tb-notice-warning">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        className={buttonClass({ variant: 'primary', block: true })}
        disabled={form.formState.isSubmitting}
      >
        {form.formState.isSubmitting ? 'Joining...' : 'Log in and join'}
      </button>
    </form>
  );
}
