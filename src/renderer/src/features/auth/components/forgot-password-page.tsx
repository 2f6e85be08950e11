import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { PasswordResetRequestInput, passwordResetRequestSchema, z } from '../../../../../shared/schemas';
import { buttonClass } from '../../../components/button-class';
import { lazyResolver, preloadResolvers } from '../../../components/form/lazy-resolver';
import { PlainTextField } from '../../../components/form/plain-text-field';
import { PublicPage } from '../../../components/public-page';
import { useToast } from '../../../lib/use-toast';
import { requestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordPage() {
  const toast = useToast();
  const [sent, setSent] = useState(false);
  const form = useForm<z.input<typeof passwordResetRequestSchema>, unknown, PasswordResetRequestInput>({
    resolver: lazyResolver((resolvers) => resolvers.passwordResetRequestResolver),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestPasswordReset(values);
      toast.success('Reset email sent', 'Please check your email for password reset instructions.');
      setSent(true);
    } catch {
      toast.error('Error', 'Failed to send reset email. Please try again.');
    }
  });

  if (sent) {
    return (
      <PublicPage title="Check Your Email">
        <p>If an account exists for that address, we sent a link to reset your password.</p>
        <p>Don&apos;t see it? Check your spam folder.</p>
        <p>
          <Link to="/login">Back to Login</Link>
        </p>
      </PublicPage>
    );
  }

  return (
    <PublicPage title="Forgot Password">
      <p>Enter your email address and we will send you a link to reset your password.</p>
      <form
        onSubmit={(event) => void onSubmit(event)}
        onFocus={preloadResolvers}
        noValidate
        aria-label="Forgot Password"
      >
        <PlainTextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
        />
        <button
          type="submit"
          className={buttonClass({ variant: 'primary', block: true })}
          disabled={form.formState.isSubmitting}
        >
          Send Reset Link
        </button>
      </form>
      <p className="tb-form-link">
        <Link to="/login">Back to Login</Link>
      </p>
    </PublicPage>
  );
}
