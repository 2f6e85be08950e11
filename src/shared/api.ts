/**
 * Wire types: the JSON the API sends and the renderer reads (docs/product.md §3, §7; docs/api-conventions.md).
 * Ids are strings named `_id`; times are ISO-8601 UTC strings; unlimited limits are `null`.
 */
import type { FeedbackStatus, FeedbackStatusCounts } from './feedback-status';
import type { PlanId } from './plans';
import type { PostStatus, NewsIcon } from './schemas/news';
import type { WebhookEvent, WebhookKind } from './schemas/webhooks';
import type { WidgetPosition, WidgetTab } from './schemas/widget';

/** Every error body. Validation errors add one entry per problem. */
export interface ApiErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}

export interface MessageResponse {
  message: string;
}

export interface LoginResponse {
  id: string;
  name: string;
  email: string;
  /** The bare token; the client stores it as `'Bearer ' + token`. */
  token: string;
}

export interface Installation {
  host: string;
  createdAt: string;
}

export interface Widget {
  _id: string;
  name: string;
  key: string;
  createdAt: string;
  snippet: string;
  active: boolean;
  branding: { position: WidgetPosition; color: string };
  enabledTabs: WidgetTab[];
  /** True when no new site may register by itself; the registered ones keep working. */
  lockHosts: boolean;
  /**
   * The oldest few installations (`INSTALLATIONS_PREVIEW_SIZE`); all of them page through `GET
   * /api/widget/:id/installations`.
   */
  installations: Installation[];
  installationCount: number;
}

export interface FeedbackItem {
  _id: string;
  widgetId: string;
  widgetName: string | null;
  message: string;
  pageUrl: string;
  userAgent: string | null;
  authorName: string | null;
  authorEmail: string | null;
  status: FeedbackStatus;
  createdAt: string;
}

export interface NewsPost {
  _id: string;
  widgetId: string;
  title: string;
  content: string;
  icon: NewsIcon;
  link: string | null;
  active: boolean;
  status: PostStatus;
  createdAt: string;
  updatedAt: string;
}

export interface WidgetListResponse {
  success: true;
  widgets: Widget[];
}

export interface InstallationListResponse {
  success: true;
  /** Oldest first. */
  installations: Installation[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** An owner's reply, as sent to the visitor. */
export interface FeedbackReply {
  _id: string;
  message: string;
  createdAt: string;
}

/** A private note on a feedback. */
export interface FeedbackNote {
  _id: string;
  text: string;
  createdAt: string;
}

/** `GET /api/feedback/:id`: one entry with its replies and notes, oldest first. */
export interface FeedbackDetails {
  feedback: FeedbackItem;
  replies: FeedbackReply[];
  notes: FeedbackNote[];
}

/** `PATCH /api/feedback/:id` and `POST /api/feedback/bulk`. */
export interface FeedbackStatusResponse {
  success: true;
  /** How many entries changed status. */
  updated: number;
}

/** `GET /api/feedback/status-counts`. */
export interface FeedbackStatusCountsResponse {
  counts: FeedbackStatusCounts;
}

export interface FeedbackListResponse {
  success: true;
  feedbacks: FeedbackItem[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export interface PostListResponse {
  success: true;
  posts: NewsPost[];
}

export interface DashboardOverview {
  totalFeedback: number;
  activeWidgets: number;
  recentFeedback: FeedbackItem[];
  recentNews: NewsPost[];
}

/** One day of `GET /api/dashboard/timeseries`: visible feedback received that day, in total and per widget id. */
export interface TimeseriesDay {
  /** `YYYY-MM-DD`, the calendar day in the time zone asked for (UTC by default). */
  date: string;
  total: number;
  /** Widget id → count; widgets with no feedback that day are left out. */
  byWidget: Record<string, number>;
}

/** `GET /api/dashboard/timeseries?days=N`: one entry per day, oldest first, today last. */
export interface DashboardTimeseries {
  days: TimeseriesDay[];
}

export interface LimitsSummary {
  plan: PlanId;
  maxWidgets: number | null;
  widgetCount: number;
  canCreateWidget: boolean;
  widgetSuggestedPlan: PlanId | null;
  maxPosts: number | null;
  postCount: number;
  postPeriod: 'month' | 'total';
  canCreatePost: boolean;
  postSuggestedPlan: PlanId | null;
  maxInstallationsPerWidget: number | null;
}

export interface FeedbackSummary {
  plan: PlanId;
  maxVisibleFeedbackPerMonth: number | null;
  feedbackScope: 'account' | 'widget';
  hiddenFeedbackCount: number;
  suggestedPlan: PlanId | null;
}

export interface SubscriptionInfo {
  plan: PlanId;
  expiresAt: string | null;
  isActive: boolean;
  isToDelete: boolean;
}

export interface UserProfile {
  id: string;
  username: string;
  email: string;
  /** Set while a new address waits for its confirmation link to be opened. */
  pendingEmail: string | null;
}

/** A published post as the widget shows it: only what the widget reads goes to every visitor. */
export interface PublicPost {
  title: string;
  content: string;
  icon: NewsIcon;
  link: string | null;
  createdAt: string;
}

/** `GET /api/public/widget/:siteKey`: what the widget script needs, and nothing more. */
export interface PublicWidgetConfig {
  widget: {
    key: string;
    position: WidgetPosition;
    color: string;
    enabledTabs: WidgetTab[];
  };
  posts: PublicPost[];
}

/** A webhook endpoint as the console lists it. Its secret is never listed: see WebhookWithSecret. */
export interface WebhookEndpoint {
  _id: string;
  url: string;
  kind: WebhookKind;
  events: WebhookEvent[];
  /** The widgets whose events are sent; null for every widget. */
  widgetIds: string[] | null;
  active: boolean;
  /** Why Tellbox switched the endpoint off (it failed for 3 days), or null. */
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookListResponse {
  webhooks: WebhookEndpoint[];
}

/** The answer of `POST /api/webhooks` and of rotate-secret: the `whsec_…` secret, shown this once. */
export interface WebhookWithSecret extends WebhookEndpoint {
  secret: string;
}

/** What a delivery carries: a subscribed event, or the console's test. */
export type WebhookDeliveryType = WebhookEvent | 'webhook.test';

/** One try at sending a delivery, as the delivery log shows it. */
export interface WebhookAttempt {
  _id: string;
  /** The delivery's `webhook-id`, the same on every attempt and on Resend. */
  deliveryId: string;
  type: WebhookDeliveryType;
  attemptedAt: string;
  /** The endpoint's HTTP status, or null when no answer came (refused, timed out). */
  statusCode: number | null;
  durationMs: number;
  /** The start of the endpoint's answer (at most 4 KB is read). */
  responseStart: string;
  /** Why no answer counted, in words, or null. */
  error: string | null;
  ok: boolean;
}

/** `GET /api/webhooks/:id/deliveries`: the last attempts, newest first. */
export interface WebhookDeliveryLog {
  attempts: WebhookAttempt[];
}

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
