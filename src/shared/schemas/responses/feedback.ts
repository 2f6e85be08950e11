/** What the inbox routes answer: feedback entries, their threads, counts and the plan's summary. */
import { PLAN_IDS } from '../../plans';
import { FEEDBACK_STATUSES } from '../../feedback-status';
import { STATUS_COUNT_CAP } from '../../limits';
import { z } from '../zod';
import { idSchema, isoTimeSchema } from './common';

export const feedbackItemSchema = z
  .strictObject({
    _id: idSchema,
    widgetId: idSchema,
    widgetName: z.string().nullable().meta({ description: 'null once the widget is deleted.' }),
    message: z.string(),
    pageUrl: z.string(),
    userAgent: z.string().nullable(),
    authorName: z.string().nullable(),
    authorEmail: z.string().nullable(),
    status: z.enum(FEEDBACK_STATUSES),
    assigneeId: idSchema.nullable().meta({ description: 'The member it is assigned to; null: nobody.' }),
    createdAt: isoTimeSchema,
  })
  .meta({ id: 'FeedbackItem' });

export const feedbackListResponseSchema = z.strictObject({
  success: z.literal(true),
  feedbacks: z.array(feedbackItemSchema),
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: 'Pass as `cursor` for the next (older) page; null on the last page.' }),
});

/** An owner's reply, as sent to the visitor. */
export const feedbackReplySchema = z
  .strictObject({ _id: idSchema, message: z.string(), createdAt: isoTimeSchema })
  .meta({ id: 'FeedbackReply' });

/** A private note on a feedback. */
export const feedbackNoteSchema = z
  .strictObject({ _id: idSchema, text: z.string(), createdAt: isoTimeSchema })
  .meta({ id: 'FeedbackNote' });

/** `GET /api/feedback/:id`: one entry with its replies and notes, oldest first. */
export const feedbackDetailsSchema = z
  .strictObject({
    feedback: feedbackItemSchema,
    replies: z.array(feedbackReplySchema),
    notes: z.array(feedbackNoteSchema),
  })
  .meta({ id: 'FeedbackDetails' });

export const feedbackReplyResponseSchema = z.strictObject({ reply: feedbackReplySchema });
export const feedbackNoteResponseSchema = z.strictObject({ note: feedbackNoteSchema });

/** `PATCH /api/feedback/:id` and `POST /api/feedback/bulk`. */
export const feedbackStatusResponseSchema = z.strictObject({
  success: z.literal(true),
  updated: z.number().int().meta({ description: 'How many entries changed status.' }),
});

/** Visible feedback per status: the inbox tabs' counts. */
export const feedbackStatusCountsSchema = z.strictObject({
  new: z.number().int(),
  in_progress: z.number().int(),
  resolved: z.number().int(),
  spam: z.number().int(),
});

/** Per status, whether its count stopped at the cap. */
export const feedbackStatusCappedSchema = z.strictObject({
  new: z.boolean(),
  in_progress: z.boolean(),
  resolved: z.boolean(),
  spam: z.boolean(),
});

/** `GET /api/feedback/status-counts`. */
export const feedbackStatusCountsResponseSchema = z.strictObject({
  counts: feedbackStatusCountsSchema.meta({
    description: `Visible feedback per status, each counted up to ${STATUS_COUNT_CAP}.`,
  }),
  capped: feedbackStatusCappedSchema.meta({
    description: `true where a status holds more than ${STATUS_COUNT_CAP}: its count says ${STATUS_COUNT_CAP} (show "${STATUS_COUNT_CAP}+").`,
  }),
});

/** `GET /api/feedback/summary`: the plan's monthly cap and what it hides. */
export const feedbackSummarySchema = z
  .strictObject({
    plan: z.enum(PLAN_IDS),
    maxVisibleFeedbackPerMonth: z.number().int().nullable(),
    feedbackScope: z.enum(['account', 'widget']),
    hiddenFeedbackCount: z.number().int(),
    suggestedPlan: z.enum(PLAN_IDS).nullable(),
  })
  .meta({ id: 'FeedbackSummary' });
