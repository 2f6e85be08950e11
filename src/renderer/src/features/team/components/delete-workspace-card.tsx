import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useForm } from 'react-hook-form';
import { deleteWorkspaceInputSchema, type DeleteWorkspaceInput, type z } from '../../../../../shared/schemas';
import { useConfirm } from '../../../components/confirm-dialog';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { TextField } from '../../../components/form/text-field';
import { DangerAction } from '../../../components/settings/danger-action';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/use-toast';
import { WORKSPACES_QUERY_KEY, useWorkspaces } from '../../../lib/workspace/get-workspaces';
import { useCurrentWorkspace } from '../../../lib/workspace/use-permission';
import { useSwitchWorkspace } from '../../../lib/workspace/use-switch-workspace';
import { deleteWorkspace } from '../api/delete-workspace';
import { formResolver } from '../../../components/form/form-resolver';

/**
 * Delete workspace (owners only): everything in it goes, for everyone in it, after the current
 * password and a confirmation naming the workspace. Another of the account's workspaces opens
 * after (or, with none left, the page that offers to create one).
 */
export function DeleteWorkspaceCard() {
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspace();
  const others = (useWorkspaces().data ?? []).filter((item) => item._id !== workspace?._id);
  const switchTo = useSwitchWorkspace();
  const form = useForm<z.input<typeof deleteWorkspaceInputSchema>, unknown, DeleteWorkspaceInput>({
    resolver: formResolver(deleteWorkspaceInputSchema),
    defaultValues: { currentPassword: '' },
  });
  if (!workspace) return null;

  const remove = async (values: DeleteWorkspaceInput) => {
    try {
      await deleteWorkspace(values);
    } catch (error) {
      if (showServerIssues(error, form.setError, ['currentPassword'])) return;
      const why = error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.';
      toast.error('Failed to delete the workspace', why);
      return;
    }
    const [next] = others;
    if (next) switchTo(next._id);
    await queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY });
    toast.success(`${workspace.name} deleted`, next ? `You are now in ${next.name}.` : undefined);
  };

  const submit = form.handleSubmit((values) =>
    confirm({
      title: `Delete ${workspace.name}?`,
      content:
        'Its widgets stop, and its feedback, news posts, webhooks and plan are deleted for everyone in it. This cannot be undone.',
      okText: 'Delete workspace',
      onOk: () => remove(values),
    }),
  );

  return (
    <DangerAction
      title="Delete workspace"
      description={`Deletes ${workspace.name} with its widgets, feedback, news and webhooks, and cancels its plan. Its members keep their accounts.`}
    >
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Delete workspace"
        className="tb-team-delete"
      >
        <TextField
          control={form.control}
          name="currentPassword"
          label="Your current password"
          type="password"
          autoComplete="current-password"
        />
        <Button danger htmlType="submit" loading={form.formState.isSubmitting}>
          Delete workspace
        </Button>
      </form>
    </DangerAction>
  );
}
