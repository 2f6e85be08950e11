import { FEEDBACK_STATUS_LABELS, type FeedbackStatus } from '../../../../../shared/feedback-status';

/** The toast after a status change, short and plain: "3 feedback marked resolved". */
export function statusChangeText(count: number, status: FeedbackStatus): string {
  return `${count} feedback marked ${FEEDBACK_STATUS_LABELS[status].toLowerCase()}`;
}
