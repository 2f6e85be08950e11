import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { FeedbackItem, FeedbackListResponse } from '../../../../shared/api';
import { MAX_FEEDBACK_SEARCH_LENGTH } from '../../../../shared/limits';
import { can } from '../../../../shared/roles';
import { filteredHref, paths } from '../../config/paths';
import { apiRequest } from '../../lib/api-client';
import { ownerKeys } from '../../lib/owner-data/query-keys';
import { useWidgets } from '../../lib/owner-data/use-widgets';
import { useRole } from '../../lib/workspace/use-permission';
import { truncate } from '../../utils/truncate';
import { matches, staticCommands, type PaletteCommand } from './palette-commands';

/** Feedback lines shown: the newest, or the newest that match what is typed. */
const FEEDBACK_LINES = 5;

/** `GET /api/feedback?status=all&limit&q`: the newest feedback (matching `q`), as the inbox searches it. */
function searchFeedback(q: string): Promise<FeedbackListResponse> {
  const query: Record<string, string> = { status: 'all', limit: String(FEEDBACK_LINES) };
  if (q) query.q = q.slice(0, MAX_FEEDBACK_SEARCH_LENGTH);
  return apiRequest<FeedbackListResponse>('/feedback', { auth: true, query, fallback: 'Failed to fetch feedback' });
}

function feedbackCommand(item: FeedbackItem): PaletteCommand {
  return {
    id: `feedback-${item._id}`,
    label: truncate(item.message.replace(/\s+/g, ' '), 80),
    detail: [item.authorName ?? 'Anonymous', item.widgetName ?? 'Unknown Widget'].join(' · '),
    group: 'Recent feedback',
    // The entry opened beside the inbox (`/feedback/:id`).
    to: `${paths.feedback}/${encodeURIComponent(item._id)}`,
  };
}

/**
 * What the palette lists for `query`: the actions and screens the role may use, the widgets, and
 * recent feedback (searched by the server, as the inbox's search box does), in that order.
 */
export function usePaletteResults(query: string, open: boolean): { commands: PaletteCommand[]; searching: boolean } {
  const role = useRole();
  // Typing stays quick: the feedback search follows a moment behind the keys.
  const deferred = useDeferredValue(query.trim());
  const widgets = useWidgets();
  const feedback = useQuery({
    queryKey: [...ownerKeys.feedbackAll(), 'palette', deferred],
    queryFn: () => searchFeedback(deferred),
    placeholderData: (previous) => previous,
    // Closed, the palette asks for nothing (a new feedback's live event would otherwise refetch it).
    enabled: open,
  });
  const widgetCommands: PaletteCommand[] = can(role, 'widgets.read')
    ? (widgets.data ?? []).map((widget) => ({
        id: `widget-${widget._id}`,
        label: widget.name,
        detail: 'Its feedback',
        group: 'Widgets',
        to: filteredHref(paths.feedback, widget._id),
      }))
    : [];
  const local = [...staticCommands(role), ...widgetCommands].filter((command) => matches(command, query));
  const found = (feedback.data?.feedbacks ?? []).map(feedbackCommand);
  return { commands: [...local, ...found], searching: feedback.isFetching };
}
