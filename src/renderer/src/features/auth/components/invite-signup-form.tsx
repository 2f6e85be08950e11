import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signupFormSchema, type SignupFormInput, type z } from '../../../../../shared/schemas';
import { buttonClass } from '../../../components/button-class';
import { PlainTextField } from '../../../components/form/plain-text-field';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { ApiError } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { login } from '../api/login';
import { register } from '../api/register';
import { useJoinWorkspace } from '../hooks/use-join-workspace';
import { FixedEmailField } from './fixed-email-field';
import { formResolver } from '../../../components/form/form-resolver';

/**
 * A new account for the invited address, then straight in: the invitation's token proves the
 * address, so the server creates the account confirmed; the form logs in and joins at once.
 */
export function InviteSignupForm({
  token,
  email,
  onSigningIn,
  onAccountExists,
}: {
  token: string;
  email: string;
  onSigningIn: () => void;
  /** The address already has an account: the page moves to Log in, saying so. */
  onAccountExists: (message: string) => void;
}) {
  const join = useJoinWorkspace();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.input<typeof signupFormSchema>, unknown, SignupFormInput>({
    resolver: formResolver(signupFormSchema),
    defaultValues: { name: '', email, password: '', confirmPassword: '', invitationToken: token },
  });

  const submit = form.handleSubmit(async ({ name, password }) => {
    setFailure(null);
    try {
      await register({ name, email, password, invitationToken: token });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onAccountExists(`${email} already has an account. Log in with it to join.`);
        return;
      }
      if (showServerIssues(error, form.setError, ['name', 'password'])) return;
      setFailure('Your account could not be created. Please try again.');
      return;
    }
    try {
      onSigningIn();
      startSession(await login({ email, password }));
      await join(token);
    } catch (error) {
      setFailure((error instanceof ApiError && error.serverMessage) || 'Your account was created, but joining failed.');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Create account">
      <FixedEmailField email={email} />
      <PlainTextField control={form.control} name="name" label="Name" autoComplete="name" placeholder="Jane Doe" />
      <PlainTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
      />
      <PlainTextField
        control={form.control}
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
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
        {form.formState.isSubmitting ? 'Joining...' : 'Create account and join'}
      </button>
    </form>
  );
}
