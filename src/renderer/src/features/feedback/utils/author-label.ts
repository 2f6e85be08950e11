import type { FeedbackItem } from '../../../../../shared/api';

/** Who sent a feedback: the name a visitor gave, or Anonymous (spec §2). */
export function authorLabel(item: Pick<FeedbackItem, 'authorName'>): string {
  return item.authorName?.trim() || 'Anonymous';
}
