import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card } from 'antd';
import { useForm } from 'react-hook-form';
import { profileFormSchema, type ProfileFormInput, type z } from '../../../../../shared/schemas';
import { TextField } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/use-toast';
import { useSessionStore } from '../../../stores/session-store';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { updateStoredUser } from '../../../lib/session';

/** The Profile card: name and e-mail address (spec §2, §5). */
export function ProfileCard() {
  const toast = useToast();
  const user = useSessionStore((state) => state.user);
  const profile = useProfile();
  const update = useUpdateProfile();
  const form = useForm<z.input<typeof profileFormSchema>, unknown, ProfileFormInput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '' },
  });
  const pendingEmail = profile.data?.pendingEmail ?? null;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!user) return;
    try {
      const { user: saved } = await update.mutateAsync({ username: values.name, email: values.email });
      // A new address applies only once its link is opened: until then the stored one stays.
      updateStoredUser({ id: user.id, name: saved.username, email: saved.email });
      form.reset({ name: saved.username, email: saved.email });
      toast.success('Profile updated');
    } catch (error) {
      // The address belongs to another account: say so where it was typed.
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
        form.setError('email', { message: error.serverMessage });
      }
      toast.error('Update failed', 'There was an error updating your profile.');
    }
  });

  return (
    <Card title={<h2 className="tb-card-title">Profile</h2>}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Profile">
        <TextField control={form.control} name="name" label="Name" autoComplete="name" />
        <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
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
