import { Button, Card } from 'antd';
import { useForm } from 'react-hook-form';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../../../shared/roles';
import { workspaceInputSchema, type WorkspaceInput, type z } from '../../../../../shared/schemas';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { TextField } from '../../../components/form/text-field';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { useToast } from '../../../lib/use-toast';
import { useCan, useCurrentWorkspace } from '../../../lib/workspace/use-permission';
import { useRenameWorkspace } from '../api/rename-workspace';
import { formResolver } from '../../../components/form/form-resolver';

/** The workspace on screen: its name (renamed here by admins and owners) and the account's role in it. */
export function WorkspaceCard() {
  const workspace = useCurrentWorkspace();
  const renames = useCan('workspace.rename');
  if (!workspace) return null;
  return (
    <Card title={<h2 className="tb-card-title">Workspace</h2>}>
      {renames ? (
        <RenameForm key={workspace._id} name={workspace.name} />
      ) : (
        <p className="tb-team-workspace-name">{workspace.name}</p>
      )}
      <p className="tb-team-role">
        Your role <StatusTag tone="neutral">{ROLE_LABELS[workspace.role]}</StatusTag>
        <span className="tb-muted">{ROLE_DESCRIPTIONS[workspace.role]}</span>
      </p>
    </Card>
  );
}

function RenameForm({ name }: { name: string }) {
  const toast = useToast();
  const rename = useRenameWorkspace();
  const form = useForm<z.input<typeof workspaceInputSchema>, unknown, WorkspaceInput>({
    resolver: formResolver(workspaceInputSchema),
    defaultValues: { name },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const { workspace } = await rename.mutateAsync(values);
      form.reset({ name: workspace.name });
      toast.success('Workspace renamed');
    } catch (error) {
      if (showServerIssues(error, form.setError, ['name'])) return;
      toast.error('Failed to rename the workspace', 'Please try again.');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Workspace name" className="tb-team-rename">
      <TextField control={form.control} name="name" label="Name" />
      <Button htmlType="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
        Save
      </Button>
    </form>
  );
}
