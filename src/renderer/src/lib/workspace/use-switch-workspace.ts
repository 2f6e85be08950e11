import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSessionStore } from '../../stores/session-store';
import { chooseWorkspace } from './chosen-workspace';

/**
 * Opens another workspace: it becomes the chosen one (workspace-data.ts then drops everything of
 * the previous one and reads the new plan) and its dashboard opens, the one screen every role has.
 * `to` lands elsewhere instead (the inbox, after joining).
 */
export function useSwitchWorkspace(): (workspaceId: string, to?: string) => void {
  const accountId = useSessionStore((state) => state.user?.id ?? null);
  const navigate = useNavigate();
  return useCallback(
    (workspaceId, to = paths.dashboard) => {
      if (!accountId) return;
      chooseWorkspace(accountId, workspaceId);
      void navigate(to);
    },
    [accountId, navigate],
  );
}
