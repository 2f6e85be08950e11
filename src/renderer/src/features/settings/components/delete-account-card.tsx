import { useQueryClient } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { DELETE_ACCOUNT_CONFIRMATION } from '../../../../../shared/schemas';
import { paths } from '../../../config/paths';
import { ownerKeys } from '../../../lib/owner-data/query-keys';
import { endSession } from '../../../lib/session';
import { getStorage } from '../../../lib/storage';
import { useToast } from '../../../lib/use-toast';
import { useSessionStore } from '../../../stores/session-store';
import { useDeleteAccount } from '../api/delete-account';

/** The Delete Account card: a browser confirmation, then the account is gone (spec §4, §5). */
export function DeleteAccountCard() {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSessionStore((state) => state.user);
  const remove = useDeleteAccount();
  const endOnLeave = useRef(false);

  // The session ends once this screen has gone: ended while it still shows, the route guard
  // would send the owner to /login instead of the site root (spec §4).
  useEffect(
    () => () => {
      if (!endOnLeave.current) return;
      endSession();
      // Nothing of the deleted account may show up for whoever logs in next in this tab.
      queryClient.removeQueries({ queryKey: ownerKeys.all });
    },
    [queryClient],
  );

  const onDelete = async () => {
    if (!user || !window.confirm(DELETE_ACCOUNT_CONFIRMATION)) return;
    try {
      await remove.mutateAsync(user.id);
    } catch {
      toast.error('Deletion Failed', 'An error occurred while deleting your account.');
      return;
    }
    // Spec §8: the success toast mixes English and Italian.
    toast.success('Account deleted', 'Il tuo account è stato eliminato.');
    // The stored session goes now, so a tab closed before the navigation ends holds no dead
    // token; the in-memory one goes when this screen unmounts (above).
    getStorage().remove('user');
    getStorage().remove('token');
    endOnLeave.current = true;
    void navigate(paths.home, { replace: true });
  };

  return (
    <Card title={<h2 className="tb-card-title">Delete Account</h2>}>
      <p className="tb-muted">
        Deleting your account removes your widgets, feedback and news posts, and cancels any paid plan. This cannot be
        undone.
      </p>
      <Button danger type="primary" loading={remove.isPending} onClick={() => void onDelete()}>
        Delete Account
      </Button>
    </Card>
  );
}
