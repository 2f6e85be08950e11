import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '../../../../../shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `GET /api/notifications`: the owner's e-mail alert choice (instant for an owner who never chose). */
export function getNotificationSettings(): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>('/notifications', {
    auth: true,
    fallback: 'Failed to fetch notification settings',
  });
}

export function useNotificationSettings() {
  return useQuery({ queryKey: ownerKeys.notifications(), queryFn: getNotificationSettings });
}
