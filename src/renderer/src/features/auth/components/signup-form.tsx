import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { SignupFormInput, signupFormSchema, z } from '../../../../../shared/schemas';
import { FormError } from '../../../components/form/form-error';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { buttonClass } from '../../../components/button-class';
import { lazyResolver, preloadResolvers } from '../../../components/form/lazy-resolver';
import { PlainTextField } from '../../../components/form/plain-text-field';
import { ApiError } from '../../../lib/api-client';
import { getStorage } from '../../../lib/storage';
import { useToast } from '../../../lib/use-toast';
import { register } from '../api/register';

/** docs/product.md §9: the full-page redirect after sign-up waits this long. */
export const SIGNUP_REDIRECT_MS = 1000;

export function SignupForm({ plan }: { plan: string | null }) {
  const toast = useToast();
  const form = useForm<z.input<typeof signupFormSchema>, unknown, SignupFormInput>({
    resolver: lazyResolver((resolvers) => resolvers.signupResolver),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  // A failure that belongs to no field, shown once above the button until the next edit or try.
  const [failed, setFailed] = useState(false);

  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    setFailed(false);
    try {
      await register({ name, email, password });
      if (plan === 'pro' || plan === 'premium') getStorage().setSession('selectedPlan', plan);
      toast.success('Account created', 'Please check your email to confirm your account.');
      window.setTimeout(() => {
        window.location.href = '/email-confirmation';
      }, SIGNUP_REDIRECT_MS);
    } catch (error) {
      // A rule only the server checks (a too common password) is shown on its field instead.
      if (showServerIssues(error, form.setError, ['password', 'email', 'name'])) return;
      // The address is taken: said on the address, in the server's words.
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
        form.setError('email', { message: error.serverMessage }, { shouldFocus: true });
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
      aria-label="Sign Up"
    >
      <PlainTextField control={form.control} name="name" label="Name" autoComplete="name" placeholder="Jane Doe" />
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
        autoComplete="new-password"
      />
      <PlainTextField
        control={form.control}
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
      {failed ? <FormError title="Signup failed" detail="Please try again in a moment." /> : null}
      <button
        type="submit"
        className={buttonClass({ variant: 'primary', block: true })}
        disabled={form.formState.isSubmitting}
      >
        Sign Up
      </button>
    </form>
  );
}
