import { Alert, Button, Card } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { normalizeEmail } from '../../../../../shared/rules/email';
import {
  CURRENT_PASSWORD_REQUIRED,
  profileFormSchema,
  type ProfileFormInput,
  type z,
} from '../../../../../shared/schemas';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { TextField } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { updateStoredUser } from '../../../lib/session';
import { useToast } from '../../../lib/use-toast';
import { useSessionStore } from '../../../stores/session-store';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { formResolver } from '../../../components/form/form-resolver';

/**
 * The Profile card: name and e-mail address. A new address needs the current
 * password, so the field for it appears only while the e-mail differs from the one in use.
 */
export function ProfileCard() {
  const toast = useToast();
  const user = useSessionStore((state) => state.user);
  const profile = useProfile();
  const update = useUpdateProfile();
  const form = useForm<z.input<typeof profileFormSchema>, unknown, ProfileFormInput>({
    resolver: formResolver(profileFormSchema),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', currentPassword: '' },
  });
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  const changesEmail = user !== null && normalizeEmail(typedEmail) !== user.email;
  const pendingEmail = profile.data?.pendingEmail ?? null;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!user) return;
    if (changesEmail && !values.currentPassword) {
      form.setError('currentPassword', { message: CURRENT_PASSWORD_REQUIRED }, { shouldFocus: true });
      return;
    }
    try {
      const { user: saved } = await update.mutateAsync({
        username: values.name,
        email: values.email,
        ...(changesEmail && { currentPassword: values.currentPassword }),
      });
      // A new address applies only once its link is opened: until then the stored one stays.
      updateStoredUser({ id: user.id, name: saved.username, email: saved.email });
      form.reset({ name: saved.username, email: saved.email, currentPassword: '' });
      toast.success('Profile updated');
    } catch (error) {
      // A wrong current password, or an address that belongs to another account: say so where
      // it was typed.
      // it was typed, and only there (an error is said once).
      if (showServerIssues(error, form.setError, ['currentPassword', 'email', 'name'])) return;
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
        form.setError('email', { message: error.serverMessage }, { shouldFocus: true });
        return;
      }
      toast.error('Update failed', 'There was an error updating your profile.');
    }
  });

  return (
    <Card title={<h2 className="tb-card-title">Name and email</h2>}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Profile">
        <TextField control={form.control} name="name" label="Name" autoComplete="name" />
        <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
        {changesEmail ? (
          <TextField
            control={form.control}
            name="currentPassword"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            hint="To change your email address, confirm it is you with your current password."
          />
        ) : null}
        {pendingEmail ? (
          <Alert
            className="tb-settings-notice"
            type="info"
            showIcon
            title={`Confirm your new email address: ${pendingEmail}`}
            description={`We sent a confirmation link to ${pendingEmail}. Your email address stays ${user?.email ?? ''} until you open it. Saving the profile with ${user?.email ?? 'your current address'} cancels the change.`}
          />
        ) : null}
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          Update Profile
        </Button>
      </form>
    </Card>
  );
}
