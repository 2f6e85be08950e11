import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackNote } from '../../../../../shared/api';
import type { FeedbackNoteInput } from '../../../../../shared/schemas/feedback-thread';
import { apiRequest } from '../../../lib/api-client';
import { feedbackDetailsKey } from './get-feedback-details';

export const ADD_NOTE_FAILED = 'The note could not be saved. Please try again.';

/** `POST /api/feedback/:id/notes {text}`: a private note, never sent anywhere. */
export function addNote(id: string, input: FeedbackNoteInput): Promise<{ note: FeedbackNote }> {
  return apiRequest(`/feedback/${encodeURIComponent(id)}/notes`, {
    method: 'POST',
    body: input,
    auth: true,
    fallback: ADD_NOTE_FAILED,
  });
}

/** Adds a note on entry `id`; the thread is fetched again before the mutation settles. */
export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedbackNoteInput) => addNote(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackDetailsKey(id) }),
  });
}
