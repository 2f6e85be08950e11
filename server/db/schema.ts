/**
 * Table types for Kysely. Times are ISO-8601 UTC strings and booleans are 0/1 integers, which
 * read the same on SQLite and PostgreSQL.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  email_confirmed_at: string | null;
  /** A new address waiting for its confirmation link. */
  pending_email: string | null;
  plan: string;
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
  owner_id: string;
  site_key: string;
  name: string;
  position: string;
  color: string;
  enable_feedback: number;
  enable_news: number;
  active: number;
  /** 1: no new host registers by itself; the registered ones keep working. */
  lock_hosts: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface InstallationsTable {
  widget_id: string;
  host: string;
  created_at: string;
}

export interface FeedbackTable {
  id: string;
  widget_id: string;
  owner_id: string;
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
}

export interface FeedbackCountersTable {
  owner_id: string;
  /** `account`, or a widget id. */
  scope: string;
  month: string;
  count: number;
}

export interface PostsTable {
  id: string;
  owner_id: string;
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
  user_id: string;
  plan: string;
  status: 'open' | 'complete';
  created_at: string;
  completed_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  widgets: WidgetsTable;
  installations: InstallationsTable;
  feedback: FeedbackTable;
  feedback_counters: FeedbackCountersTable;
  posts: PostsTable;
  early_access: EarlyAccessTable;
  billing_events: BillingEventsTable;
  checkout_sessions: CheckoutSessionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type WidgetRow = Selectable<WidgetsTable>;
export type FeedbackRow = Selectable<FeedbackTable>;
export type PostRow = Selectable<PostsTable>;
export type NewFeedback = Insertable<FeedbackTable>;
