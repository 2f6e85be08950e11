import { Button } from 'antd';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { invitationInputSchema, type InvitationInput, type z } from '../../../../../shared/schemas';
import { FieldError } from '../../../components/form/field-error';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { TextField } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/use-toast';
import { useCurrentWorkspace } from '../../../lib/workspace/use-permission';
import { useInviteMember } from '../api/invite-member';
import type { Seats } from '../utils/seats';
import { RoleSelect } from './role-select';
import { SeatsFullNote } from './seats-line';
import { formResolver } from '../../../components/form/form-resolver';

/**
 * Invite someone by e-mail, with the role they will have: they get a link that works once, for 7
 * days. At the plan's limit the form says why it is closed and how to make room.
 */
export function InviteForm({ seats }: { seats: Seats }) {
  const toast = useToast();
  const workspace = useCurrentWorkspace();
  const invite = useInviteMember();
  const roleId = useId();
  const form = useForm<z.input<typeof invitationInputSchema>, unknown, InvitationInput>({
    resolver: formResolver(invitationInputSchema),
    defaultValues: { email: '', role: 'member' },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const { invitation } = await invite.mutateAsync(values);
      form.reset({ email: '', role: values.role });
      toast.success(
        'Invitation sent',
        `${invitation.email} can join ${workspace?.name ?? 'the workspace'} from the link we mailed.`,
      );
    } catch (error) {
      if (showServerIssues(error, form.setError, ['email', 'role'])) return;
      // Already in the team: said on the address that was typed.
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
        form.setError('email', { message: error.serverMessage }, { shouldFocus: true });
        return;
      }
      const why = error instanceof ApiError && error.status === 403 ? error.serverMessage : null;
      toast.error('Invitation not sent', why ?? 'Please try again.');
    }
  });

  if (seats.full) return <SeatsFullNote seats={seats} />;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Invite a teammate" className="tb-team-invite">
      <TextField
        control={form.control}
        name="email"
        label="Invite by e-mail"
        type="email"
        placeholder="name@company.com"
      />
      <Controller
        control={form.control}
        name="role"
        render={({ field, fieldState }) => (
          <div className="tb-field">
            <label htmlFor={roleId}>Role</label>
            <RoleSelect
              id={roleId}
              value={field.value}
              onChange={field.onChange}
              status={fieldState.error ? 'error' : undefined}
              ariaDescribedBy={fieldState.error ? `${roleId}-error` : undefined}
            />
            <FieldError id={`${roleId}-error`} message={fieldState.error?.message} />
          </div>
        )}
      />
      <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting} className="tb-team-invite-send">
        Send invitation
      </Button>
    </form>
  );
}
