import {
  DEFAULT_FEEDBACK_PAGE_SIZE,
  FEEDBACK_HONEYPOT_FIELD,
  MAX_AUTHOR_NAME_LENGTH,
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_FEEDBACK_PAGE_SIZE,
  MAX_URL_LENGTH,
} from '../limits';
import { FEEDBACK_REQUIRED_MESSAGE } from '../rules/messages';
import { emailField } from './fields';
import { z } from './zod';

/**
 * `POST /api/public/widget/:siteKey/feedback`: what a visitor sends through the widget. The widget
 * checks the same fields with `feedbackProblems` (src/shared/rules), built from the same limits,
 * pattern and messages; a test holds the two to the same verdicts.
 */
export const publicFeedbackInputSchema = z.strictObject({
  message: z.string().trim().min(1, FEEDBACK_REQUIRED_MESSAGE).max(MAX_FEEDBACK_MESSAGE_LENGTH),
  authorName: z
    .string()
    .trim()
    .max(MAX_AUTHOR_NAME_LENGTH)
    .nullish()
    .transform((name) => name || null),
  /**
   * Optional; checked only when given (a blank one is not given). One pipeline, not a union: a
   * union words a too-long address as zod's bare "Invalid input".
   */
  authorEmail: z
    .string()
    .nullish()
    .transform((email) => email?.trim() || null)
    .pipe(emailField().nullable()),
  pageUrl: z.url({ protocol: /^https?$/ }).max(MAX_URL_LENGTH),
  [FEEDBACK_HONEYPOT_FIELD]: z.string().max(MAX_URL_LENGTH).optional(),
});
export type PublicFeedbackInput = z.input<typeof publicFeedbackInputSchema>;

/** A widget filter on list routes; `all` (spec §2) and an empty value mean no filter. */
export const widgetFilterSchema = z
  .string()
  .max(64)
  .optional()
  .transform((id) => (id && id !== 'all' ? id : undefined));

/** `GET /api/feedback?widgetId&limit&cursor`: newest first, one page at a time. */
export const feedbackListQuerySchema = z.object({
  widgetId: widgetFilterSchema,
  limit: z.coerce.number().int().min(1).max(MAX_FEEDBACK_PAGE_SIZE).default(DEFAULT_FEEDBACK_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type FeedbackListQuery = z.output<typeof feedbackListQuerySchema>;

/** `GET /api/post?widgetId`. */
export const postListQuerySchema = z.object({ widgetId: widgetFilterSchema });
