import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Widget } from '../../../../../shared/api';
import type { WidgetInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `PUT /widget/:id`: the widget's new settings. */
export async function updateWidget({ id, input }: { id: string; input: WidgetInput }): Promise<Widget> {
  const { widget } = await apiRequest<{ widget: Widget }>(`/widget/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
    auth: true,
    fallback: 'Failed to update widget',
  });
  return widget;
}

export function useUpdateWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWidget,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerKeys.all }),
  });
}
