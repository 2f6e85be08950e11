import { MAX_NOTE_LENGTH, MAX_REPLY_LENGTH, REPLIES_PER_DAY } from '../limits';
import { z } from './zod';

/** What the server answers when a reply can't go out, and what the console says before trying. */
export const THREAD_MESSAGES = {
  noAddress: 'This visitor left no e-mail address, so there is no one to reply to.',
  tooManyReplies: `You've sent ${REPLIES_PER_DAY} replies in the last 24 hours, the most allowed. Please try again later.`,
  notSent: 'The reply could not be sent. Please try again.',
};

/** Text the owner writes: required (one message whether missing or blank), trimmed, at most `max`. */
function ownerText(what: 'reply' | 'note', max: number) {
  const missing = `Write a ${what} first.`;
  return z.string(missing).trim().min(1, missing).max(max, `A ${what} can be at most ${max} characters.`);
}

/** `POST /api/feedback/:id/replies`: the owner's answer, mailed to the visitor. */
export const feedbackReplyInputSchema = z.strictObject({ message: ownerText('reply', MAX_REPLY_LENGTH) });
export type FeedbackReplyInput = z.output<typeof feedbackReplyInputSchema>;

/** `POST /api/feedback/:id/notes`: a private note, never sent anywhere. */
export const feedbackNoteInputSchema = z.strictObject({ text: ownerText('note', MAX_NOTE_LENGTH) });
export type FeedbackNoteInput = z.output<typeof feedbackNoteInputSchema>;
