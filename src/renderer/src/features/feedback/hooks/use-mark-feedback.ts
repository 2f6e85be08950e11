import { failureMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/use-toast';
import { changedIds, useChangeFeedbackStatus, type FeedbackStatusChange } from '../api/change-feedback-status';
import { statusChangeText } from '../utils/status-change-text';

export interface MarkCallbacks {
  /** Once the server has taken the change. */
  onDone?: () => void;
  /** When it refused it (the list shows the change undone). */
  onFailed?: () => void;
}

/**
 * Marks one feedback or a selection with a status, and tells the owner in a short toast: "3
 * feedback marked resolved", or why it failed.
 */
export function useMarkFeedback() {
  const toast = useToast();
  const change = useChangeFeedbackStatus();
  // Through the promise, not mutate's callbacks: those fire for the latest change only, and keys
  // can send several before the first is answered.
  const mark = (request: FeedbackStatusChange, { onDone, onFailed }: MarkCallbacks = {}) => {
    change.mutateAsync(request).then(
      () => {
        toast.success(statusChangeText(changedIds(request).length, request.status));
        onDone?.();
      },
      (error: unknown) => {
        toast.error(failureMessage(error, 'Failed to update feedback'), 'Please try again.');
        onFailed?.();
      },
    );
  };
  return { mark, busy: change.isPending };
}
