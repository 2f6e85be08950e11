import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Widget } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/**
 * `DELETE /widget/:id/installations/:host`: frees the host's place, so another site (or this one,
 * on its next visit) can register (docs/plans-and-billing.md, "Plans").
 */
export async function removeInstallation({ widgetId, host }: { widgetId: string; host: string }): Promise<Widget> {
  const { widget } = await apiRequest<{ widget: Widget }>(
    `/widget/${encodeURIComponent(widgetId)}/installations/${encodeURIComponent(host)}`,
    { method: 'DELETE', auth: true, fallback: 'Failed to remove installation' },
  );
  return widget;
}

export function useRemoveInstallation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeInstallation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerKeys.widgets() }),
  });
}
