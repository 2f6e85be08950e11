import type { FeedbackItem } from '../../../../../shared/api';

/** Who sent a feedback: the name a visitor gave, or Anonymous (docs/product.md §2). */
export function authorLabel(item: Pick<FeedbackItem, 'authorName'>): string {
  return item.authorName?.trim() || 'Anonymous';
}

/** Which widget a feedback came through, or Unknown Widget once it is deleted (docs/product.md §2). */
export function widgetLabel(item: Pick<FeedbackItem, 'widgetName'>): string {
  return item.widgetName ?? 'Unknown Widget';
}
