import { Button } from 'antd';
import { useForm } from 'react-hook-form';
import type { WorkspaceSummary } from '../../../../shared/api';
import { workspaceInputSchema, type WorkspaceInput, type z } from '../../../../shared/schemas';
import { showServerIssues } from '../form/show-server-issues';
import { TextField } from '../form/text-field';
import { useToast } from '../../lib/use-toast';
import { useCreateWorkspace } from '../../lib/workspace/create-workspace';
import { formResolver } from '../form/form-resolver';

export interface CreateWorkspaceFormProps {
  /** Once the workspace exists (the caller switches to it). */
  onCreated: (workspace: WorkspaceSummary) => void;
  /** A Cancel button beside Create, where the form can be left (a dialog). */
  onCancel?: () => void;
}

/** A new workspace's name, checked by the shared schema, and Create. */
export function CreateWorkspaceForm({ onCreated, onCancel }: CreateWorkspaceFormProps) {
  const toast = useToast();
  const create = useCreateWorkspace();
  const form = useForm<z.input<typeof workspaceInputSchema>, unknown, WorkspaceInput>({
    resolver: formResolver(workspaceInputSchema),
    defaultValues: { name: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const { workspace } = await create.mutateAsync(values);
      toast.success('Workspace created', `You are now in ${workspace.name}, as its owner.`);
      onCreated(workspace);
    } catch (error) {
      if (showServerIssues(error, form.setError, ['name'])) return;
      toast.error('Failed to create workspace', 'Please try again.');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Create workspace">
      <TextField
        control={form.control}
        name="name"
        label="Workspace name"
        placeholder="Acme support"
        hint="Usually your company or team. You can rename it later."
      />
      <div className="tb-form-actions">
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          Create workspace
        </Button>
      </div>
    </form>
  );
}
