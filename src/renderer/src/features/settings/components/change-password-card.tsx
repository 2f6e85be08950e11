import { Button, Card } from 'antd';
import { useForm } from 'react-hook-form';
import { changePasswordFormSchema, type ChangePasswordFormInput, type z } from '../../../../../shared/schemas';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { TextField } from '../../../components/form/text-field';
import { useToast } from '../../../lib/use-toast';
import { useChangePassword } from '../api/change-password';
import { updateStoredToken } from '../../../lib/session';
import { formResolver } from '../../../components/form/form-resolver';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The Change Password card: current, new and confirmation (docs/product.md §5); the new token is kept. */
export function ChangePasswordCard() {
  const toast = useToast();
  const change = useChangePassword();
  const form = useForm<z.input<typeof changePasswordFormSchema>, unknown, ChangePasswordFormInput>({
    resolver: formResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const { user } = await change.mutateAsync({ currentPassword, newPassword });
      // The server signed every other session out, this one included: only the new token works.
      updateStoredToken(user.token);
      form.reset(EMPTY);
      toast.success('Password updated');
    } catch (error) {
      // A wrong current password, or a new one the server finds too common: on its field, and
      // only there (an error is said once).
      if (showServerIssues(error, form.setError, ['currentPassword', 'newPassword'])) return;
      toast.error('There was an error updating your password.');
    }
  });

  return (
    <Card title={<h2 className="tb-card-title">Change Password</h2>}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change Password">
        <TextField
          control={form.control}
          name="currentPassword"
          label="Current Password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          control={form.control}
          name="newPassword"
          label="New Password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          control={form.control}
          name="confirmPassword"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
        />
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          Update Password
        </Button>
      </form>
    </Card>
  );
}
