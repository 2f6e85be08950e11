import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { LoginInput, loginInputSchema, z } from '../../../../../shared/schemas';
import { buttonClass } from '../../../components/button-class';
import { FormError } from '../../../components/form/form-error';
import { lazyResolver, preloadResolvers } from '../../../components/form/lazy-resolver';
import { PlainTextField } from '../../../components/form/plain-text-field';
import { ApiError } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { afterLoginPath } from '../after-login-path';
import { login } from '../api/login';
import { UnconfirmedEmailNotice } from './unconfirmed-email-notice';

/** A login the server refused because the address is not confirmed yet (403), and its reason. */
interface Unconfirmed {
  email: string;
  reason: string;
}

const SUBMIT = buttonClass({ variant: 'primary', block: true });

/** docs/product.md §8: a refused login, said once above the button (never also as a toast). */
const LOGIN_FAILED = { title: 'Login failed', detail: 'Please check your credentials and try again.' };

export function LoginForm() {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  // The protected page the visitor was sent here from, if any (docs/product.md §2: the origin is remembered).
  const from = (location.state as { from?: string } | null)?.from;
  const form = useForm<z.input<typeof loginInputSchema>, unknown, LoginInput>({
    resolver: lazyResolver((resolvers) => resolvers.loginResolver),
    defaultValues: { email: '', password: '' },
  });
  const [unconfirmed, setUnconfirmed] = useState<Unconfirmed | null>(null);
  // Stale once its cause goes: a new try, an edit of either field, or leaving the page.
  const [failed, setFailed] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setUnconfirmed(null);
    setFailed(false);
    try {
      startSession(await login(values));
      toast.success('Login successful', 'Welcome back!');
      void navigate(from ?? afterLoginPath(), { replace: true });
    } catch (error) {
      // A refusal about the address itself (OIDC_ONLY: use single sign-on) is shown on its field.
      const emailIssue = error instanceof ApiError ? error.issues?.find((issue) => issue.path === 'email') : undefined;
      if (emailIssue) {
        form.setError('email', { message: emailIssue.message }, { shouldFocus: true });
        return;
      }
      // The right password for an address not confirmed yet: the credentials are fine, so say
      // what is wrong and offer a new link instead of "check your credentials".
      if (error instanceof ApiError && error.status === 403 && error.serverMessage) {
        setUnconfirmed({ email: values.email, reason: error.serverMessage });
        return;
      }
      setFailed(true);
    }
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onFocus={preloadResolvers}
      onChange={() => setFailed(false)}
      noValidate
      aria-label="Login"
    >
      <PlainTextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        placeholder="you@example.com"
        autoComplete="email"
      />
      <PlainTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <p className="tb-form-link">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      {failed ? <FormError title={LOGIN_FAILED.title} detail={LOGIN_FAILED.detail} /> : null}
      {unconfirmed ? (
        <UnconfirmedEmailNotice key={unconfirmed.email} email={unconfirmed.email} reason={unconfirmed.reason} />
      ) : null}
      <button type="submit" className={SUBMIT} disabled={form.formState.isSubmitting}>
        Login
      </button>
    </form>
  );
}
