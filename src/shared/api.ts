/**
 * Wire types: the JSON the API sends and the renderer reads (docs/product.md §3, §7; docs/api-conventions.md).
 * Ids are strings named `_id`; times are ISO-8601 UTC strings; unlimited limits are `null`.
 *
 * Each answer's shape is written once, as a zod schema in `schemas/responses/`: the server's
 * OpenAPI document is made from those schemas and the types here are inferred from them. Only
 * types are imported (`import type`), so no schema reaches a bundle that imports this file.
 */
import type { z } from 'zod';
import type { NewsIcon } from './schemas/news';
import type { mailSenderSchema } from './schemas/responses/server';
import type {
  limitsSummarySchema,
  loginResponseSchema,
  planChangePreviewSchema,
  subscriptionInfoSchema,
  userProfileSchema,
} from './schemas/responses/accounts';
import type { apiErrorSchema, messageResponseSchema } from './schemas/responses/common';
import type {
  dashboardOverviewSchema,
  dashboardTimeseriesSchema,
  timeseriesDaySchema,
} from './schemas/responses/dashboard';
import type {
  feedbackDetailsSchema,
  feedbackItemSchema,
  feedbackListResponseSchema,
  feedbackNoteSchema,
  feedbackReplySchema,
  feedbackStatusCountsResponseSchema,
  feedbackStatusResponseSchema,
  feedbackSummarySchema,
} from './schemas/responses/feedback';
import type { newsPostSchema, postListResponseSchema } from './schemas/responses/news';
import type { publicPostSchema, publicWidgetConfigSchema } from './schemas/responses/public';
import type {
  webhookAttemptSchema,
  webhookDeliveryLogSchema,
  webhookDeliveryTypeSchema,
  webhookEndpointSchema,
  webhookListResponseSchema,
  webhookWithSecretSchema,
} from './schemas/responses/webhooks';
import type {
  installationListResponseSchema,
  installationSchema,
  widgetListResponseSchema,
  widgetSchema,
} from './schemas/responses/widgets';
import type {
  activityEntrySchema,
  activityResponseSchema,
  invitationPreviewSchema,
  invitationSchema,
  memberSchema,
  membersResponseSchema,
  workspaceListResponseSchema,
  workspaceResponseSchema,
  workspaceSummarySchema,
} from './schemas/responses/workspaces';

/** Every error body. Validation errors add one entry per problem. */
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** `POST /api/auth/login`; the client stores the bare token as `'Bearer ' + token`. */
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export type Installation = z.infer<typeof installationSchema>;

/** A widget with its oldest few installations; all of them page through `GET /api/widget/:id/installations`. */
export type Widget = z.infer<typeof widgetSchema>;

export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export type NewsPost = z.infer<typeof newsPostSchema>;

export type WidgetListResponse = z.infer<typeof widgetListResponseSchema>;

/** Oldest first; pass `nextCursor` as `cursor` for the next page (null on the last page). */
export type InstallationListResponse = z.infer<typeof installationListResponseSchema>;

/** An owner's reply, as sent to the visitor. */
export type FeedbackReply = z.infer<typeof feedbackReplySchema>;

/** A private note on a feedback. */
export type FeedbackNote = z.infer<typeof feedbackNoteSchema>;

/** `GET /api/feedback/:id`: one entry with its replies and notes, oldest first. */
export type FeedbackDetails = z.infer<typeof feedbackDetailsSchema>;

/** `PATCH /api/feedback/:id` and `POST /api/feedback/bulk`: how many entries changed status. */
export type FeedbackStatusResponse = z.infer<typeof feedbackStatusResponseSchema>;

/** `GET /api/feedback/status-counts`. */
export type FeedbackStatusCountsResponse = z.infer<typeof feedbackStatusCountsResponseSchema>;

/** Newest first; pass `nextCursor` as `cursor` for the next (older) page (null on the last page). */
export type FeedbackListResponse = z.infer<typeof feedbackListResponseSchema>;

export type PostListResponse = z.infer<typeof postListResponseSchema>;

export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

/** One day of `GET /api/dashboard/timeseries`: visible feedback received that day, in total and per widget id. */
export type TimeseriesDay = z.infer<typeof timeseriesDaySchema>;

/** `GET /api/dashboard/timeseries?days=N`: one entry per day, oldest first, today last. */
export type DashboardTimeseries = z.infer<typeof dashboardTimeseriesSchema>;

export type LimitsSummary = z.infer<typeof limitsSummarySchema>;

export type FeedbackSummary = z.infer<typeof feedbackSummarySchema>;

export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

/** `POST /api/subscription/preview`: the price of a plan change, before it is made. */
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;
export type PlanChangeLine = PlanChangePreview['lines'][number];

/** `pendingEmail` is set while a new address waits for its confirmation link to be opened. */
export type UserProfile = z.infer<typeof userProfileSchema>;

/** `GET /api/server/mail-sender`: MAIL_FROM's address, and whether it is still at localhost. */
export type MailSender = z.infer<typeof mailSenderSchema>;

/** A published post as the widget shows it: only what the widget reads goes to every visitor. */
export type PublicPost = z.infer<typeof publicPostSchema>;

/** `GET /api/public/widget/:siteKey`: what the widget script needs, and nothing more. */
export type PublicWidgetConfig = z.infer<typeof publicWidgetConfigSchema>;

/** A webhook endpoint as the console lists it. Its secret is never listed: see WebhookWithSecret. */
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export type WebhookListResponse = z.infer<typeof webhookListResponseSchema>;

/** The answer of `POST /api/webhooks` and of rotate-secret: the `whsec_…` secret, shown this once. */
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** What a delivery carries: a subscribed event, or the console's test. */
export type WebhookDeliveryType = z.infer<typeof webhookDeliveryTypeSchema>;

/** One try at sending a delivery, as the delivery log shows it. */
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** `GET /api/webhooks/:id/deliveries`: the last attempts, newest first. */
export type WebhookDeliveryLog = z.infer<typeof webhookDeliveryLogSchema>;

/** `data` of a `feedback.created` event. The visitor's e-mail address is never sent. */
export interface FeedbackCreatedData {
  id: string;
  widgetId: string;
  widgetName: string;
  message: string;
  pageUrl: string;
  authorName: string | null;
  createdAt: string;
  /** The feedback in the console's inbox. */
  url: string;
}

/** `data` of a `post.published` event. */
export interface PostPublishedData {
  id: string;
  widgetId: string;
  widgetName: string;
  title: string;
  content: string;
  icon: NewsIcon;
  link: string | null;
  createdAt: string;
}

/** Every delivery's JSON body. */
export interface WebhookPayload<T extends WebhookDeliveryType = WebhookDeliveryType> {
  type: T;
  timestamp: string;
  data: T extends 'feedback.created'
    ? FeedbackCreatedData
    : T extends 'post.published'
      ? PostPublishedData
      : FeedbackCreatedData;
}

/** A workspace and the asker's role in it (`GET /api/workspaces`). */
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;
export type WorkspaceListResponse = z.infer<typeof workspaceListResponseSchema>;
export type WorkspaceResponse = z.infer<typeof workspaceResponseSchema>;
export type Member = z.infer<typeof memberSchema>;
export type Invitation = z.infer<typeof invitationSchema>;
export type MembersResponse = z.infer<typeof membersResponseSchema>;
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
