import { useForm } from 'react-hook-form';
import type { SignupFormInput, signupFormSchema, z } from '../../../../../shared/schemas';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { buttonClass } from '../../../components/button-class';
import { lazyResolver, preloadResolvers } from '../../../components/form/lazy-resolver';
import { PlainTextField } from '../../../components/form/plain-text-field';
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

  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
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
      toast.error('Signup failed', 'Please try again with a different email.');
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} onFocus={preloadResolvers} noValidate aria-label="Sign Up">
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
