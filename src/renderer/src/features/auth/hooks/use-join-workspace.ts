import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useToast } from '../../../lib/use-toast';
import { chooseWorkspace } from '../../../lib/workspace/chosen-workspace';
import { WORKSPACES_QUERY_KEY } from '../../../lib/workspace/get-workspaces';
import { useSessionStore } from '../../../stores/session-store';
import { aRole } from '../../../utils/role-phrase';
import { acceptInvitation } from '../api/accept-invitation';

/**
 * Accepts an invitation for the signed-in account and lands in the joined workspace's inbox, the
 * workspace chosen (as the server also makes it the default). Throws what the server refused.
 */
export function useJoinWorkspace(): (token: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(
    async (token) => {
      const { workspace } = await acceptInvitation(token);
      const accountId = useSessionStore.getState().user?.id;
      if (accountId) chooseWorkspace(accountId, workspace._id);
      await queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY });
      toast.success(`Welcome to ${workspace.name}`, `You joined as ${aRole(workspace.role)}.`);
      void navigate(paths.feedback, { replace: true });
    },
    [queryClient, navigate, toast],
  );
}
