import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '../../../../../shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `PUT /api/notifications`: the new choice, answered as saved (duplicate widgets dropped). */
export function updateNotificationSettings(input: NotificationSettings): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>('/notifications', {
    method: 'PUT',
    body: input,
    auth: true,
    fallback: 'Failed to save notification settings',
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(ownerKeys.notifications(), saved),
  });
}
