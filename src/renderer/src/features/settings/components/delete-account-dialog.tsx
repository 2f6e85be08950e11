import { Button, Modal } from 'antd';
import { useForm } from 'react-hook-form';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  deleteAccountInputSchema,
  type DeleteAccountInput,
  type z,
} from '../../../../../shared/schemas';
import { showServerIssues } from '../../../components/form/show-server-issues';
import { TextField } from '../../../components/form/text-field';
import { formResolver } from '../../../components/form/form-resolver';

const TITLE = 'Delete Account';

export interface DeleteAccountDialogProps {
  /** Deletes; rejects with the server's error, whose field issues are shown on the password. */
  onConfirm: (input: DeleteAccountInput) => Promise<void>;
  /** Any other failure (the card says so in a toast); the dialog stays open for another try. */
  onFailed: (error: unknown) => void;
  onClose: () => void;
}

/**
 * Asks once more before the account goes, and for the current password: a session left open on
 * someone else's screen must not be enough to delete everything.
 */
export function DeleteAccountDialog({ onConfirm, onFailed, onClose }: DeleteAccountDialogProps) {
  const form = useForm<z.input<typeof deleteAccountInputSchema>, unknown, DeleteAccountInput>({
    resolver: formResolver(deleteAccountInputSchema),
    defaultValues: { currentPassword: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await onConfirm(values);
    } catch (error) {
      if (!showServerIssues(error, form.setError, ['currentPassword'])) onFailed(error);
    }
  });

  return (
    <Modal
      open
      title={TITLE}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      afterOpenChange={(opened) => opened && form.setFocus('currentPassword')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={TITLE}>
        <p>{DELETE_ACCOUNT_CONFIRMATION}</p>
        <TextField
          control={form.control}
          name="currentPassword"
          label="Current Password"
          type="password"
          autoComplete="current-password"
        />
        <div className="tb-dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button danger type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
            Delete my account
          </Button>
        </div>
      </form>
    </Modal>
  );
}
