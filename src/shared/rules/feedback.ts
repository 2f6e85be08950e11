/**
 * The checks of a visitor's feedback that the widget runs before sending, by the rules of the
 * server's schema (`publicFeedbackInputSchema` is built from the same constants), so the widget
 * never sends what the server would refuse. A check names the rule that failed; the widget words
 * it in the visitor's language, and `feedbackProblems` in the server's own English messages.
 */
import { MAX_AUTHOR_NAME_LENGTH, MAX_FEEDBACK_MESSAGE_LENGTH } from '../limits';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, normalizeEmail } from './email';
import { FEEDBACK_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE, tooLongMessage } from './messages';

/** The fields a visitor fills, named as in the API body (and in a 400's `issues[].path`). */
export type FeedbackField = 'message' | 'authorName' | 'authorEmail';

/** The rules a field can break; also the names of their words in the widget's strings. */
export type FeedbackRule = 'required' | 'invalidEmail' | 'tooLong';

/** A broken rule, with the limit for `tooLong`. */
export interface FeedbackProblem {
  rule: FeedbackRule;
  max?: number;
}

/** Each rule's message, `{n}` standing for the limit. */
export type FeedbackRuleWords = Record<FeedbackRule, string>;

/** Each field's message; '' (or no entry) for a field that is fine. */
export type FeedbackProblems = Partial<Record<FeedbackField, string>>;

/** `value` is longer than `max` characters after trimming. */
const tooLong = (value: string, max: number): FeedbackProblem | undefined =>
  value.trim().length > max ? { rule: 'tooLong', max } : undefined;

/** What is wrong with an optional address, or nothing when it is empty or fine. */
function emailRule(value: string): FeedbackProblem | undefined {
  const email = normalizeEmail(value);
  if (!email) return undefined;
  return tooLong(email, MAX_EMAIL_LENGTH) ?? (EMAIL_PATTERN.test(email) ? undefined : { rule: 'invalidEmail' });
}

/** The rule each field breaks, if any. */
export function feedbackRules(
  input: Record<FeedbackField, string>,
): Record<FeedbackField, FeedbackProblem | undefined> {
  return {
    message: input.message.trim() ? tooLong(input.message, MAX_FEEDBACK_MESSAGE_LENGTH) : { rule: 'required' },
    authorName: tooLong(input.authorName, MAX_AUTHOR_NAME_LENGTH),
    authorEmail: emailRule(input.authorEmail),
  };
}

/** A problem in `words` ('' for none), its limit in place of `{n}`. */
export const wordProblem = (problem: FeedbackProblem | undefined, words: FeedbackRuleWords): string =>
  problem ? words[problem.rule].replace('{n}', String(problem.max)) : '';

/** Each field's problem as the server would word it, '' where there is none. */
export function feedbackProblems(input: Record<FeedbackField, string>): Record<FeedbackField, string> {
  // Made here rather than at module level, so the widget's bundle leaves the English words out.
  const words: FeedbackRuleWords = {
    required: FEEDBACK_REQUIRED_MESSAGE,
    invalidEmail: INVALID_EMAIL_MESSAGE,
    tooLong: tooLongMessage('{n}'),
  };
  const rules = feedbackRules(input);
  return {
    message: wordProblem(rules.message, words),
    authorName: wordProblem(rules.authorName, words),
    authorEmail: wordProblem(rules.authorEmail, words),
  };
}
