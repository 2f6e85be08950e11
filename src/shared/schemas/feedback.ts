import {
  DEFAULT_FEEDBACK_PAGE_SIZE,
  FEEDBACK_HONEYPOT_FIELD,
  MAX_AUTHOR_NAME_LENGTH,
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_FEEDBACK_PAGE_SIZE,
  MAX_FEEDBACK_SEARCH_LENGTH,
  MAX_URL_LENGTH,
} from '../limits';
import { FEEDBACK_STATUSES } from '../feedback-status';
import { FEEDBACK_REQUIRED_MESSAGE } from '../rules/messages';
import { emailField } from './fields';
import { z } from './zod';

/**
 * `POST /api/public/widget/:siteKey/feedback`: what a visitor sends through the widget. The widget
 * checks the same fields with `feedbackRules` (src/shared/rules), built from the same limits and
 * pattern, and words them in the visitor's language; `feedbackProblems`, its English wording, uses
 * these messages, and a test holds the two to the same verdicts.
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

/** A widget filter on list routes; `all` (docs/product.md §2) and an empty value mean no filter. */
export const widgetFilterSchema = z
  .string()
  .max(64)
  .optional()
  .transform((id) => (id && id !== 'all' ? id : undefined));

export const feedbackStatusSchema = z.enum(FEEDBACK_STATUSES, 'Choose a status: new, in_progress, resolved or spam');

/**
 * A status filter on the inbox: one status, or `all` (also an empty or missing value), which is
 * every status but spam: spam is looked at only on purpose.
 */
export const feedbackStatusFilterSchema = z
  .enum([...FEEDBACK_STATUSES, 'all', ''], 'Choose a status: new, in_progress, resolved, spam or all')
  .optional()
  .transform((status) => (status && status !== 'all' ? status : undefined));

/** `q`: words to find in the message, the author's name and e-mail, and the page URL. */
const feedbackSearchSchema = z
  .string()
  .max(MAX_FEEDBACK_SEARCH_LENGTH, `Search for at most ${MAX_FEEDBACK_SEARCH_LENGTH} characters.`)
  .optional()
  .transform((q) => q?.trim() || undefined);

const DATE_MESSAGE = 'Enter a date as YYYY-MM-DD or a time as 2026-11-24T09:30:00Z.';

/**
 * The instants a bound may name: the years 0001 to 9999, which every database stores. A bound
 * beyond them (`from=0000-01-01`, or `to=9999-12-31`, whose next day is in the year 10000) means
 * "from the start" or "to the end", so it is brought to the nearest one instead of refused.
 */
const EARLIEST_BOUND = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_BOUND = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A bound of the date range, as an instant (ISO 8601, UTC). A bare date is that day's start in UTC
 * for `from`; for `to` it is inclusive, so it becomes the next day's start. The console sends
 * instants of the owner's own day; a bare date is for people typing URLs.
 */
function dateBoundSchema(bound: 'from' | 'to') {
  return z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], DATE_MESSAGE)
    .optional()
    .transform((value) => {
      if (value === undefined) return undefined;
      const instant = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
      if (bound === 'to' && value.length === 10) instant.setUTCDate(instant.getUTCDate() + 1);
      return new Date(Math.min(Math.max(instant.getTime(), EARLIEST_BOUND), LATEST_BOUND)).toISOString();
    });
}

/** `assignee`: `me`, `none` (nobody), or a member's account id. */
const assigneeFilterSchema = z.string().min(1).max(64).optional();

/** The inbox's filters, shared by the list, the export and (without status) the tab counts. */
const feedbackFilterShape = {
  widgetId: widgetFilterSchema,
  assignee: assigneeFilterSchema,
  status: feedbackStatusFilterSchema,
  q: feedbackSearchSchema,
  /** Inclusive. */
  from: dateBoundSchema('from'),
  /** Exclusive (a bare date counts its whole day). */
  to: dateBoundSchema('to'),
};

export const FEEDBACK_DATE_ORDER_MESSAGE = 'The start date must be before the end date.';

/** A range that ends before it starts is a mistake worth saying, not an empty inbox. */
function withDatesInOrder<T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) {
  return schema.refine(({ from, to }) => from === undefined || to === undefined || from < to, {
    message: FEEDBACK_DATE_ORDER_MESSAGE,
    path: ['to'],
  });
}

/** `GET /api/feedback?widgetId&status&q&from&to&limit&cursor`: newest first, one page at a time. */
export const feedbackListQuerySchema = withDatesInOrder(
  z.object({
    ...feedbackFilterShape,
    limit: z.coerce.number().int().min(1).max(MAX_FEEDBACK_PAGE_SIZE).default(DEFAULT_FEEDBACK_PAGE_SIZE),
    cursor: z.string().max(200).optional(),
  }),
);
export type FeedbackListQuery = z.output<typeof feedbackListQuerySchema>;
/** The filter part of a list query, as the repository takes it. */
export type FeedbackFilterQuery = Pick<FeedbackListQuery, keyof typeof feedbackFilterShape>;

export const FEEDBACK_EXPORT_FORMATS = ['csv', 'json'] as const;
export type FeedbackExportFormat = (typeof FEEDBACK_EXPORT_FORMATS)[number];

/** `GET /api/feedback/export?format&widgetId&status&q&from&to`: the inbox's filters, every page at once. */
export const feedbackExportQuerySchema = withDatesInOrder(
  z.object({ ...feedbackFilterShape, format: z.enum(FEEDBACK_EXPORT_FORMATS, 'Choose a format: csv or json') }),
);
export type FeedbackExportQuery = z.output<typeof feedbackExportQuerySchema>;

/** `GET /api/feedback/status-counts?widgetId&q&from&to`: the inbox tabs' counts, for the other filters. */
export const feedbackCountsQuerySchema = withDatesInOrder(
  z.object({
    widgetId: feedbackFilterShape.widgetId,
    assignee: feedbackFilterShape.assignee,
    q: feedbackFilterShape.q,
    from: feedbackFilterShape.from,
    to: feedbackFilterShape.to,
  }),
);
export type FeedbackCountsQuery = z.output<typeof feedbackCountsQuerySchema>;

export const FEEDBACK_UPDATE_EMPTY = 'Send a status, an assigneeId, or both.';

/** `PATCH /api/feedback/:id`: its status, whom it is assigned to (null: nobody), or both. */
export const feedbackStatusUpdateSchema = z
  .strictObject({
    status: feedbackStatusSchema.optional(),
    assigneeId: z.string().min(1).max(64).nullable().optional(),
  })
  .refine((update) => update.status !== undefined || update.assigneeId !== undefined, FEEDBACK_UPDATE_EMPTY);
export type FeedbackStatusUpdate = z.output<typeof feedbackStatusUpdateSchema>;

/** `POST /api/feedback/bulk`: at most one page of the inbox at a time. */
export const feedbackBulkStatusSchema = z.strictObject({
  ids: z
    .array(z.string().min(1).max(64))
    .min(1, 'Select at least one feedback.')
    .max(MAX_FEEDBACK_PAGE_SIZE, `At most ${MAX_FEEDBACK_PAGE_SIZE} feedback at a time.`),
  status: feedbackStatusSchema,
});
export type FeedbackBulkStatus = z.output<typeof feedbackBulkStatusSchema>;

/** `GET /api/post?widgetId`. */
export const postListQuerySchema = z.object({ widgetId: widgetFilterSchema });
