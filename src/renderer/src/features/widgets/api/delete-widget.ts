import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `DELETE /widget/:id`: the widget goes, with its feedback and news posts. */
export async function deleteWidget(id: string): Promise<void> {
  await apiRequest<unknown>(`/widget/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    fallback: 'Failed to delete widget',
  });
}

export function useDeleteWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWidget,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerKeys.all }),
  });
}
