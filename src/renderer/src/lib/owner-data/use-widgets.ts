import { useQuery } from '@tanstack/react-query';
import type { WidgetListResponse } from '../../../../shared/api';
import { apiRequest } from '../api-client';
import { ownerKeys } from './query-keys';

/** `GET /widget`: the owner's widgets (the widget filters of /feedback and /news use it too). */
export function fetchWidgets(): Promise<WidgetListResponse> {
  return apiRequest<WidgetListResponse>('/widget', { auth: true, fallback: 'Failed to fetch widgets' });
}

export function useWidgets() {
  return useQuery({ queryKey: ownerKeys.widgets(), queryFn: fetchWidgets, select: (data) => data.widgets });
}
