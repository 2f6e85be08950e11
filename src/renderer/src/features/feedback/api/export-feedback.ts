import { useMutation } from '@tanstack/react-query';
import type { FeedbackExportFormat } from '../../../../../shared/schemas';
import type { FeedbackSearch } from '../../../hooks/use-feedback-search-params';
import type { FeedbackStatusTab } from '../../../hooks/use-feedback-status-param';
import { apiResponse } from '../../../lib/api-client';
import { attachmentName, saveFile } from '../utils/save-file';
import { searchQuery } from '../utils/search-query';

export const EXPORT_FAILED = 'Failed to export feedback';

/** What the inbox shows: the export is the same entries, every page at once. */
export interface FeedbackExportFilter {
  widgetId: string | null;
  status: FeedbackStatusTab;
  search: FeedbackSearch;
}

export function exportQuery(format: FeedbackExportFormat, filter: FeedbackExportFilter): Record<string, string> {
  const query: Record<string, string> = { format, status: filter.status, ...searchQuery(filter.search) };
  if (filter.widgetId) query.widgetId = filter.widgetId;
  return query;
}

/**
 * `GET /api/feedback/export?format&widgetId&status&q&from&to&assignee`, saved as the file the server names.
 * The API takes the session as a bearer token only, which a plain link cannot send: so the file
 * is fetched and handed to the browser as a Blob (Chromium, the desktop app's engine too, keeps a
 * large one on disk rather than in memory). A file cut off midway fails here instead of saving.
 */
export async function exportFeedback(format: FeedbackExportFormat, filter: FeedbackExportFilter): Promise<void> {
  const response = await apiResponse('/feedback/export', {
    auth: true,
    query: exportQuery(format, filter),
    fallback: EXPORT_FAILED,
  });
  const blob = await response.blob();
  saveFile(blob, attachmentName(response.headers.get('Content-Disposition')) ?? `tellbox-feedback.${format}`);
}

export function useExportFeedback() {
  return useMutation({
    mutationFn: ({ format, filter }: { format: FeedbackExportFormat; filter: FeedbackExportFilter }) =>
      exportFeedback(format, filter),
  });
}
