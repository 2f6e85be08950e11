/**
 * Table types for Kysely. Times are ISO-8601 UTC strings and booleans are 0/1 integers, which
 * read the same on SQLite and PostgreSQL.
 */
import type { Generated, Insertable, Selectable } from 'kysely';
import type { FeedbackStatus } from '../../src/shared/feedback-status';
import type { Role } from '../../src/shared/roles';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  email_confirmed_at: string | null;
  /** A new address waiting for its confirmation link. */
  pending_email: string | null;
  /** The workspace the account chose last: its default when a request names none. */
  last_workspace_id: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A team's space: it owns widgets, feedback, news, alerts, webhooks and the plan. Only the plans
 * module (server/modules/plans) reads or writes the subscription's columns.
 */
export interface WorkspacesTable {
  id: string;
  name: string;
  plan: Generated<string>;
  plan_expires_at: string | null;
  cancel_at_period_end: Generated<number>;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** Stripe's subscription status (`active`, `past_due`, …); null for plans granted by an admin. */
  subscription_status: string | null;
  /** Reads of the subscription from the billing provider so far (each takes the next number). */
  billing_read_seq: Generated<number>;
  /** The number of the read whose state is stored: an older read is never written over it. */
  billing_applied_seq: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  account_id: string;
  role: Role;
  created_at: string;
}

/** An invitation by e-mail; the link's token is stored hashed and works once, for 7 days. */
export interface WorkspaceInvitationsTable {
  id: string;
  workspace_id: string;
  email: string;
  role: Role;
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

/** Who did what in a workspace; kept 365 days. */
export interface ActivityTable {
  id: string;
  workspace_id: string;
  at: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  /** JSON `{type, id?, name?}`. */
  target: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export type EmailTokenPurpose = 'confirm-email' | 'reset-password' | 'change-email';

export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  /** The address a change-email token confirms. */
  email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface WidgetsTable {
  id: string;
  workspace_id: string;
  site_key: string;
  name: string;
  position: string;
  color: string;
  enable_feedback: number;
  enable_news: number;
  active: number;
  /** 1: no new host registers by itself; the registered ones keep working. */
  lock_hosts: Generated<number>;
  /** The owner's rewording by language, as JSON (`WidgetTexts`); null: none. */
  texts: string | null;
  /** 1: no launcher; the owner's own button calls `Tellbox.open()`. */
  hide_launcher: Generated<number>;
  /** The launcher's distance from its corner, in CSS pixels. */
  offset_x: Generated<number>;
  offset_y: Generated<number>;
  /** 1: the public changelog page and feed are served while news is on. */
  public_changelog: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface InstallationsTable {
  widget_id: string;
  host: string;
  created_at: string;
}

/**
 * Its search index is not a column here: SQLite's is the FTS5 table `feedback_search`, and
 * PostgreSQL's generated `search_vector` is read only inside search queries (migration 007).
 */
export interface FeedbackTable {
  id: string;
  widget_id: string;
  workspace_id: string;
  message: string;
  page_url: string;
  user_agent: string | null;
  author_name: string | null;
  author_email: string | null;
  created_at: string;
  /** Position in the account's calendar month; the free plan shows the first N. */
  account_seq: number;
  /** Position in the widget's calendar month; per-widget plans show the first N. */
  widget_seq: number;
  /** A FeedbackStatus. Spam holds no position: both seqs are 0 (shown under any cap). */
  status: Generated<FeedbackStatus>;
  /** The member it is assigned to; null: nobody. */
  assignee_id: Generated<string | null>;
}

/** An owner's reply to a visitor; `sent_at` is null while its mail is being sent. */
export interface FeedbackRepliesTable {
  id: string;
  feedback_id: string;
  workspace_id: string;
  /** The member who wrote it; null once their account is deleted. */
  author_id: string | null;
  message: string;
  created_at: string;
  sent_at: string | null;
}

/** A private note on a feedback, seen by its owner only. */
export interface FeedbackNotesTable {
  id: string;
  feedback_id: string;
  workspace_id: string;
  /** The member who wrote it; null once their account is deleted. */
  author_id: string | null;
  text: string;
  created_at: string;
}

export interface FeedbackCountersTable {
  workspace_id: string;
  /** `account`, or a widget id. */
  scope: string;
  month: string;
  count: number;
}

export interface PostsTable {
  id: string;
  workspace_id: string;
  widget_id: string;
  title: string;
  content: string;
  icon: string;
  link: string | null;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface EarlyAccessTable {
  id: string;
  email: string;
  created_at: string;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  created_at: string;
}

export interface CheckoutSessionsTable {
  id: string;
  workspace_id: string;
  plan: string;
  status: 'open' | 'complete';
  created_at: string;
  completed_at: string | null;
}

export interface NotificationSettingsTable {
  workspace_id: string;
  account_id: string;
  /** `instant`, `daily` or `off`. */
  mode: string;
  /** The digest's hour (0–23) in `time_zone`. */
  hour: number;
  /** An IANA time zone, from the owner's browser. */
  time_zone: string;
  /** JSON array of widget ids, or null for every widget, present and future. */
  widget_ids: string | null;
  next_digest_at: string | null;
  digest_sent_until: string | null;
  digest_locked_until: string | null;
  updated_at: string;
}

export interface AlertWindowsTable {
  widget_id: string;
  workspace_id: string;
  due_at: string | null;
  last_sent_at: string | null;
  sent_until: string | null;
  arrived_from: string | null;
  locked_until: string | null;
}

export interface WebhookEndpointsTable {
  id: string;
  workspace_id: string;
  url: string;
  kind: string;
  /** JSON array of event types. */
  events: string;
  /** JSON array of widget ids, or null for every widget. */
  widget_ids: string | null;
  active: Generated<number>;
  secret_encrypted: string;
  failing_since: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  workspace_id: string;
  event_type: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempt_count: Generated<number>;
  next_attempt_at: string | null;
  locked_until: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookAttemptsTable {
  id: string;
  endpoint_id: string;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  response_start: string;
  error: string | null;
  ok: number;
}

export interface Database {
  users: UsersTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invitations: WorkspaceInvitationsTable;
  activity: ActivityTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  widgets: WidgetsTable;
  installations: InstallationsTable;
  feedback: FeedbackTable;
  feedback_counters: FeedbackCountersTable;
  feedback_replies: FeedbackRepliesTable;
  feedback_notes: FeedbackNotesTable;
  posts: PostsTable;
  early_access: EarlyAccessTable;
  billing_events: BillingEventsTable;
  checkout_sessions: CheckoutSessionsTable;
  notification_settings: NotificationSettingsTable;
  alert_windows: AlertWindowsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export type UserRow = Selectable<UsersTable>;
export type WorkspaceRow = Selectable<WorkspacesTable>;
export type WidgetRow = Selectable<WidgetsTable>;
export type FeedbackRow = Selectable<FeedbackTable>;
export type PostRow = Selectable<PostsTable>;
export type NewFeedback = Insertable<FeedbackTable>;
