import { useQueryClient } from '@tanstack/react-query';
import { useConfirm } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/use-toast';
import { WORKSPACES_QUERY_KEY, useWorkspaces } from '../../../lib/workspace/get-workspaces';
import { useCurrentWorkspace } from '../../../lib/workspace/use-permission';
import { useSwitchWorkspace } from '../../../lib/workspace/use-switch-workspace';
import { useSessionStore } from '../../../stores/session-store';
import { removeMember } from '../api/remove-member';

/**
 * Leave workspace: asks first, then removes the account from the workspace on screen and opens
 * another of its workspaces (or, with none left, the page that offers to create one).
 */
export function useLeaveWorkspace(): () => void {
  const confirm = useConfirm();
  const toast = useToast();
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspace();
  const others = (useWorkspaces().data ?? []).filter((item) => item._id !== workspace?._id);
  const accountId = useSessionStore((state) => state.user?.id ?? null);
  const switchTo = useSwitchWorkspace();

  return () => {
    if (!workspace || !accountId) return;
    confirm({
      title: `Leave ${workspace.name}?`,
      content: `You will no longer see its feedback, widgets and news. To come back, you need a new invitation.`,
      okText: 'Leave workspace',
      onOk: async () => {
        try {
          await removeMember(accountId);
        } catch (error) {
          const why = error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.';
          toast.error('Failed to leave the workspace', why);
          return;
        }
        const [next] = others;
        if (next) switchTo(next._id);
        await queryClient.invalidateQueries({ queryKey: WORKSPACES_QUERY_KEY });
        toast.success(`You left ${workspace.name}`, next ? `You are now in ${next.name}.` : undefined);
      },
    });
  };
}
