import { Button, Card, Select } from 'antd';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { MembersResponse } from '../../../../../shared/api';
import { ROLE_LABELS } from '../../../../../shared/roles';
import { transferInputSchema, type TransferInput, type z } from '../../../../../shared/schemas';
import { useConfirm } from '../../../components/confirm-dialog';
import { FieldError } from '../../../components/form/field-error';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { TextField } from '../../../components/form/text-field';
import { useToast } from '../../../lib/use-toast';
import { useCurrentWorkspace } from '../../../lib/workspace/use-permission';
import { useSessionStore } from '../../../stores/session-store';
import { useTransferOwnership } from '../api/transfer-ownership';
import { formResolver } from '../../../components/form/form-resolver';

/**
 * Transfer ownership (owners only): another member becomes an owner, with the plan and billing,
 * and the owner handing it over stays on as an admin. The current password, then a confirmation
 * naming both sides, before anything changes.
 */
export function TransferOwnershipCard({ team }: { team: MembersResponse }) {
  const toast = useToast();
  const confirm = useConfirm();
  const workspace = useCurrentWorkspace();
  const accountId = useSessionStore((state) => state.user?.id ?? '');
  const transfer = useTransferOwnership();
  const memberId = useId();
  const heirs = team.members.filter((member) => member.accountId !== accountId);
  const form = useForm<z.input<typeof transferInputSchema>, unknown, TransferInput>({
    resolver: formResolver(transferInputSchema),
    defaultValues: { accountId: '', currentPassword: '' },
  });

  const send = async (values: TransferInput, heirName: string) => {
    try {
      await transfer.mutateAsync(values);
      form.reset({ accountId: '', currentPassword: '' });
      toast.success(
        'Ownership transferred',
        `${heirName} now owns ${workspace?.name ?? 'the workspace'}. You are an admin.`,
      );
    } catch (error) {
      if (showServerIssues(error, form.setError, ['currentPassword', 'accountId'])) return;
      toast.error('Failed to transfer ownership', 'Please try again.');
    }
  };

  const submit = form.handleSubmit((values) => {
    const heir = heirs.find((member) => member.accountId === values.accountId);
    if (!heir || !workspace) return;
    confirm({
      title: `Make ${heir.name} the owner of ${workspace.name}?`,
      content: `${heir.name} gets every right, billing and the plan included. You stay on as an admin and cannot undo this yourself.`,
      okText: 'Transfer ownership',
      onOk: () => send(values, heir.name),
    });
  });

  return (
    <Card title={<h2 className="tb-card-title">Transfer ownership</h2>}>
      <p className="tb-muted">
        Hand {workspace?.name ?? 'this workspace'} to another member. They become an owner, with billing and the plan;
        you stay on as an admin.
      </p>
      {heirs.length === 0 ? (
        <p>Invite someone first: ownership can only go to a member of the workspace.</p>
      ) : (
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label="Transfer ownership"
          className="tb-team-transfer"
        >
          <Controller
            control={form.control}
            name="accountId"
            render={({ field, fieldState }) => (
              <div className="tb-field">
                <label htmlFor={memberId}>New owner</label>
                <Select
                  id={memberId}
                  value={field.value || undefined}
                  placeholder="Choose a member"
                  onChange={field.onChange}
                  status={fieldState.error ? 'error' : undefined}
                  aria-describedby={fieldState.error ? `${memberId}-error` : undefined}
                  options={heirs.map((member) => ({
                    value: member.accountId,
                    label: `${member.name} (${ROLE_LABELS[member.role]})`,
                  }))}
                />
                <FieldError id={`${memberId}-error`} message={fieldState.error?.message} />
              </div>
            )}
          />
          <TextField
            control={form.control}
            name="currentPassword"
            label="Your current password"
            type="password"
            autoComplete="current-password"
          />
          <Button danger htmlType="submit" loading={transfer.isPending}>
            Transfer ownership
          </Button>
        </form>
      )}
    </Card>
  );
}
