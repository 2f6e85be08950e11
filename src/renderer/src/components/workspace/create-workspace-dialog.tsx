import { Modal } from 'antd';
import type { WorkspaceSummary } from '../../../../shared/api';
import { CreateWorkspaceForm } from './create-workspace-form';

/** "Create workspace" from the switcher: a name, then the new workspace opens. */
export function CreateWorkspaceDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (workspace: WorkspaceSummary) => void;
}) {
  return (
    <Modal title="Create workspace" open={open} onCancel={onClose} footer={null} destroyOnHidden width={440}>
      <p className="tb-muted">
        A workspace has its own widgets, feedback, news and plan. You will be its owner and can invite your team.
      </p>
      <CreateWorkspaceForm onCreated={onCreated} onCancel={onClose} />
    </Modal>
  );
}
