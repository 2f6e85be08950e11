import type { FeedbackItem } from '../../../../../shared/api';
import { formatDateTime } from '../../../utils/format-date';
import { authorLabel } from './author-label';

/**
 * A feedback named for screen readers by who sent it and when, for the controls of its row:
 * "feedback from Ada, November 21, 2026 at 3:04 PM".
 */
export function feedbackName(item: FeedbackItem): string {
  return `feedback from ${authorLabel(item)}, ${formatDateTime(item.createdAt)}`;
}
