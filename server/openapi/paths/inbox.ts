/** The owner's inbox (feedback, its threads and triage) and the dashboard built on it. */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  feedbackBulkStatusSchema,
  feedbackCountsQuerySchema,
  feedbackExportQuerySchema,
  feedbackListQuerySchema,
  feedbackNoteInputSchema,
  feedbackReplyInputSchema,
  feedbackStatusUpdateSchema,
  timeseriesQuerySchema,
} from '../../../src/shared/schemas';
import { z } from '../../../src/shared/schemas/zod';
import { dashboardOverviewSchema, dashboardTimeseriesSchema } from '../../../src/shared/schemas/responses/dashboard';
import {
  feedbackDetailsSchema,
  feedbackItemSchema,
  feedbackListResponseSchema,
  feedbackNoteResponseSchema,
  feedbackReplyResponseSchema,
  feedbackStatusCountsResponseSchema,
  feedbackStatusResponseSchema,
  feedbackSummarySchema,
} from '../../../src/shared/schemas/responses/feedback';
import { STATUS_COUNT_CAP } from '../../../src/shared/limits';
import { HEAVY_READS_PER_ACCOUNT, HEAVY_READS_WAITING } from '../../heavy-reads/heavy-read-rules';
import { errors, json, jsonBody, ownerOperation } from '../operations';

const tags = ['Feedback'];
/** What a heavy read's operation says of its limits (server/heavy-reads/heavy-read-rules.ts). */
const HEAVY_READS_NOTE =
  `an account runs ${HEAVY_READS_PER_ACCOUNT} at once and ${HEAVY_READS_WAITING} more wait their turn; ` +
  'past that, 429 with `Retry-After`. On PostgreSQL one past its time is stopped: 503 with a message.';
const idPath = z.object({ id: z.string() });
const attachment = z.object({
  'Content-Disposition': z.string().meta({ description: 'attachment; filename="tellbox-feedback-YYYY-MM-DD.csv"' }),
});

export const inboxPaths: ZodOpenApiPathsObject = {
  '/api/feedback': {
    get: ownerOperation({
      operationId: 'listFeedback',
      permission: 'inbox.read',
      summary: 'The inbox, a page at a time',
      description:
        'Newest first; pass `nextCursor` back as `cursor` with the same filters. Spam only on purpose. ' +
        `With \`q\`, a heavy read: ${HEAVY_READS_NOTE}`,
      tags,
      requestParams: { query: feedbackListQuerySchema },
      responses: { 200: json('One page.', feedbackListResponseSchema), ...errors(400, 429, 503) },
    }),
  },
  '/api/feedback/export': {
    get: ownerOperation({
      operationId: 'exportFeedback',
      permission: 'feedback.triage',
      activity: { action: 'feedback.exported', target: 'feedback' },
      summary: 'Every matching entry, as CSV or JSON',
      description: `Streams every row the filters match, as a download. A heavy read, a page of 200 entries at a time: ${HEAVY_READS_NOTE}`,
      tags,
      requestParams: { query: feedbackExportQuerySchema },
      responses: {
        200: {
          description: 'The file: CSV with a header row, or a JSON array of entries.',
          headers: attachment,
          content: {
            'text/csv': { schema: z.string() },
            'application/json': { schema: z.array(feedbackItemSchema) },
          },
        },
        ...errors(400, 429, 503),
      },
    }),
  },
  '/api/feedback/summary': {
    get: ownerOperation({
      operationId: 'getFeedbackSummary',
      permission: 'inbox.read',
      summary: "The plan's monthly cap and what it hides",
      tags,
      responses: { 200: json('The summary.', feedbackSummarySchema) },
    }),
  },
  '/api/feedback/status-counts': {
    get: ownerOperation({
      operationId: 'getFeedbackStatusCounts',
      permission: 'inbox.read',
      summary: "The inbox tabs' counts",
      description: `Each count stops at ${STATUS_COUNT_CAP}; \`capped\` says which did. A heavy read: ${HEAVY_READS_NOTE}`,
      tags,
      requestParams: { query: feedbackCountsQuerySchema },
      responses: {
        200: json('Visible feedback per status.', feedbackStatusCountsResponseSchema),
        ...errors(400, 429, 503),
      },
    }),
  },
  '/api/feedback/bulk': {
    post: ownerOperation({
      operationId: 'setFeedbackStatuses',
      permission: 'feedback.triage',
      activity: { action: 'feedback.statuses_changed', target: 'feedback' },
      summary: 'Set the status of several entries',
      tags,
      requestBody: jsonBody(feedbackBulkStatusSchema),
      responses: { 200: json('How many changed.', feedbackStatusResponseSchema), ...errors(400) },
    }),
  },
  '/api/feedback/{id}': {
    get: ownerOperation({
      operationId: 'getFeedback',
      permission: 'inbox.read',
      summary: 'One entry with its replies and notes',
      tags,
      requestParams: { path: idPath },
      responses: { 200: json('The entry and its thread.', feedbackDetailsSchema), ...errors(404) },
    }),
    patch: ownerOperation({
      operationId: 'setFeedbackStatus',
      permission: 'feedback.triage',
      activity: { action: 'feedback.updated', target: 'feedback' },
      summary: "Set an entry's status",
      tags,
      requestParams: { path: idPath },
      requestBody: jsonBody(feedbackStatusUpdateSchema),
      responses: { 200: json('Whether it changed.', feedbackStatusResponseSchema), ...errors(400, 404) },
    }),
  },
  '/api/feedback/{id}/replies': {
    post: ownerOperation({
      operationId: 'replyToFeedback',
      permission: 'feedback.triage',
      activity: { action: 'feedback.replied', target: 'feedback' },
      summary: 'Reply to the visitor by e-mail',
      tags,
      requestParams: { path: idPath },
      requestBody: jsonBody(feedbackReplyInputSchema),
      responses: { 201: json('Sent.', feedbackReplyResponseSchema), ...errors(400, 404, 409, 429, 502) },
    }),
  },
  '/api/feedback/{id}/notes': {
    post: ownerOperation({
      operationId: 'addFeedbackNote',
      permission: 'feedback.triage',
      activity: { action: 'feedback.noted', target: 'feedback' },
      summary: 'Add a private note',
      tags,
      requestParams: { path: idPath },
      requestBody: jsonBody(feedbackNoteInputSchema),
      responses: { 201: json('Added.', feedbackNoteResponseSchema), ...errors(400, 404) },
    }),
  },
  '/api/dashboard/overview': {
    get: ownerOperation({
      operationId: 'getDashboardOverview',
      permission: 'dashboard.read',
      summary: 'Totals and the latest feedback and news',
      description: `A heavy read: ${HEAVY_READS_NOTE}`,
      tags: ['Dashboard'],
      responses: { 200: json('The overview.', dashboardOverviewSchema), ...errors(429, 503) },
    }),
  },
  '/api/dashboard/timeseries': {
    get: ownerOperation({
      operationId: 'getDashboardTimeseries',
      permission: 'dashboard.read',
      summary: 'Visible feedback per day',
      description: `The last \`days\` calendar days, today included, in the time zone \`tz\`. A heavy read: ${HEAVY_READS_NOTE}`,
      tags: ['Dashboard'],
      requestParams: { query: timeseriesQuerySchema },
      responses: {
        200: json('One entry per day, oldest first.', dashboardTimeseriesSchema),
        ...errors(400, 429, 503),
      },
    }),
  },
};
