import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DeleteAccountInput } from '../../../../../shared/schemas';
import { DangerAction } from '../../../components/settings/danger-action';
import { paths } from '../../../config/paths';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { endSession } from '../../../lib/session';
import { getStorage } from '../../../lib/storage';
import { useToast } from '../../../lib/use-toast';
import { useSessionStore } from '../../../stores/session-store';
import { useDeleteAccount } from '../api/delete-account';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Delete Account, in Profile's Danger zone: a dialog asks again, with the current password, then the account is gone. */
export function DeleteAccountCard() {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSessionStore((state) => state.user);
  const remove = useDeleteAccount();
  const endOnLeave = useRef(false);
  const [asking, setAsking] = useState(false);

  // The session ends once this screen has gone: ended while it still shows, the route guard
  // would send the owner to /login instead of the site root (docs/product.md §4).
  useEffect(
    () => () => {
      if (!endOnLeave.current) return;
      endSession();
      // Nothing of the deleted account may show up for whoever logs in next in this tab.
      queryClient.removeQueries({ queryKey: ownerKeys.all });
    },
    [queryClient],
  );

  // A failure is thrown back to the dialog, which shows a wrong password on its field.
  const onConfirm = async (input: DeleteAccountInput) => {
    if (!user) return;
    await remove.mutateAsync({ id: user.id, ...input });
    setAsking(false);
    // docs/product.md §8: the success toast mixes English and Italian.
    toast.success('Account deleted', 'Il tuo account è stato eliminato.');
    // The stored session goes now, so a tab closed before the navigation ends holds no dead
    // token; the in-memory one goes when this screen unmounts (above).
    getStorage().remove('user');
    getStorage().remove('token');
    endOnLeave.current = true;
    void navigate(paths.home, { replace: true });
  };

  return (
    <DangerAction
      title="Delete Account"
      description="Removes your widgets, feedback and news posts, and cancels any paid plan. This cannot be undone."
      action={
        <Button danger onClick={() => setAsking(true)}>
          Delete Account
        </Button>
      }
    >
      {asking ? (
        <DeleteAccountDialog
          onConfirm={onConfirm}
          onFailed={() => toast.error('Deletion Failed', 'An error occurred while deleting your account.')}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </DangerAction>
  );
}
