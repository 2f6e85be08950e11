import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackReply } from '../../../../../shared/api';
import { THREAD_MESSAGES, type FeedbackReplyInput } from '../../../../../shared/schemas/feedback-thread';
import { apiRequest } from '../../../lib/api-client';
import { feedbackDetailsKey } from './get-feedback-details';

export const SEND_REPLY_FAILED = THREAD_MESSAGES.notSent;

/**
 * `POST /api/feedback/:id/replies {message}`: mails the reply to the visitor and keeps it in the
 * thread. 409 when the visitor left no address, 429 past the daily limit, 502 when the mail failed.
 */
export function sendReply(id: string, input: FeedbackReplyInput): Promise<{ reply: FeedbackReply }> {
  return apiRequest(`/feedback/${encodeURIComponent(id)}/replies`, {
    method: 'POST',
    body: input,
    auth: true,
    fallback: SEND_REPLY_FAILED,
  });
}

/** Sends a reply on entry `id`; the thread is fetched again before the mutation settles. */
export function useSendReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedbackReplyInput) => sendReply(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackDetailsKey(id) }),
  });
}
