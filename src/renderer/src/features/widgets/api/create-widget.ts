import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Widget } from '../../../../../shared/api';
import type { WidgetInput } from '../../../../../shared/schemas';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `POST /widget`: a new widget; 403 when the plan's widget limit is reached. */
export async function createWidget(input: WidgetInput): Promise<Widget> {
  const { widget } = await apiRequest<{ widget: Widget }>('/widget', {
    method: 'POST',
    body: input,
    auth: true,
    fallback: 'Failed to create widget',
  });
  return widget;
}

export function useCreateWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWidget,
    // Every owner screen counts or lists widgets (limits, overview, filters).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerKeys.all }),
  });
}
