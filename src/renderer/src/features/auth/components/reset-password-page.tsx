import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { resetPasswordFormSchema, type ResetPasswordFormInput, type z } from '../../../../../shared/schemas';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { TextField } from '../../../components/form/text-field';
import { PublicPage } from '../../../components/public-page';
import { useToast } from '../../../lib/use-toast';
import { resetPassword } from '../api/reset-password';
import { formResolver } from '../../../components/form/form-resolver';

/** docs/product.md §9: after a reset the visitor goes to /login after 2 s. */
export const RESET_REDIRECT_MS = 2000;

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const toast = useToast();
  const [done, setDone] = useState(false);
  const form = useForm<z.input<typeof resetPasswordFormSchema>, unknown, ResetPasswordFormInput>({
    resolver: formResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (token) return;
    toast.error('Invalid reset link', 'The password reset link is invalid or has expired.');
    void navigate('/forgot-password', { replace: true });
  }, [token, toast, navigate]);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/login'), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      await resetPassword({ token, password });
      toast.success('Password reset successful');
      setDone(true);
    } catch (error) {
      // A too common password: the link still works, so the visitor just picks another one.
      if (showServerIssues(error, form.setError, ['password'])) return;
      toast.error('Reset failed', 'Failed to reset password. The link may have expired.');
    }
  });

  if (!token) {
    return (
      <PublicPage title="Invalid reset link">
        <p role="alert">The password reset link is invalid or has expired.</p>
        <Link to="/forgot-password">Request a new link</Link>
      </PublicPage>
    );
  }

  if (done) {
    return (
      <PublicPage title="Password Reset Complete">
        <p role="status">Your password has been changed. Redirecting to login...</p>
        <p>
          <Link to="/login">Back to Login</Link>
        </p>
      </PublicPage>
    );
  }

  return (
    <PublicPage title="Reset Password">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Reset Password">
        <TextField
          control={form.control}
          name="password"
          label="New Password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          control={form.control}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
        <Button type="primary" htmlType="submit" block loading={form.formState.isSubmitting}>
          Reset Password
        </Button>
      </form>
    </PublicPage>
  );
}
