/**
 * The checks of a visitor's feedback that the widget runs before sending, by the rules and with
 * the messages of the server's schema (`publicFeedbackInputSchema` is built from the same
 * constants), so the widget never sends what the server would refuse.
 */
import { MAX_AUTHOR_NAME_LENGTH, MAX_FEEDBACK_MESSAGE_LENGTH } from '../limits';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, normalizeEmail } from './email';
import { FEEDBACK_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE, tooLongMessage } from './messages';

/** The fields a visitor fills, named as in the API body (and in a 400's `issues[].path`). */
export type FeedbackField = 'message' | 'authorName' | 'authorEmail';

/** Each field's message; '' (or no entry) for a field that is fine. */
export type FeedbackProblems = Partial<Record<FeedbackField, string>>;

/** What is wrong with `value` (at most `max` characters after trimming), or ''. */
const tooLong = (value: string, max: number) => (value.trim().length > max ? tooLongMessage(max) : '');

/** The message for an optional address, or '' when it is empty or fine. */
export function emailProblem(value: string): string {
  const email = normalizeEmail(value);
  if (!email) return '';
  return tooLong(email, MAX_EMAIL_LENGTH) || (EMAIL_PATTERN.test(email) ? '' : INVALID_EMAIL_MESSAGE);
}

/** Each field's problem as the server would word it, '' where there is none. */
export function feedbackProblems(input: Record<FeedbackField, string>): Record<FeedbackField, string> {
  return {
    message: input.message.trim() ? tooLong(input.message, MAX_FEEDBACK_MESSAGE_LENGTH) : FEEDBACK_REQUIRED_MESSAGE,
    authorName: tooLong(input.authorName, MAX_AUTHOR_NAME_LENGTH),
    authorEmail: emailProblem(input.authorEmail),
  };
}
