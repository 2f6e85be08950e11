/**
 * The feedback an alert or digest is about, as the owner's current plan shows it: the visible
 * entries (the first few listed) and a count of those the monthly cap hides, decided by the same
 * rule as the inbox (feedback-visibility.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PlanTable } from '../../../src/shared/plans';
import { ALERT_MAX_LISTED } from '../../../src/shared/schemas/notifications';
import { toCount } from '../../db/locks';
import type { Database } from '../../db/schema';
import type { AlertFeedback } from '../../mail/templates/alert-mails';
import { shownBy } from '../feedback/feedback.service';
import { visibilityOf } from '../plans/plans.service';
import { effectivePlan, readSubscription, type BillingMode } from '../plans/plans.service';

type Db = Kysely<Database> | Transaction<Database>;

export interface AlertBatch {
  listed: AlertFeedback[];
  unlisted: number;
  hidden: number;
  /** The newest entry's time: the batch covers every entry up to it. Null when there is none. */
  newest: string | null;
}

export interface AlertScope {
  workspaceId: string;
  /** One widget (instant alerts), a list (a digest's choice), or null for all the owner's. */
  widgetIds: string[] | null;
  /** Entries created strictly after this… */
  after: string;
  /** …and up to this, when given. */
  upTo?: string;
}

export interface AlertFeedbackDeps {
  plans: PlanTable;
  billingMode: BillingMode;
}

export async function readAlertBatch(
  db: Db,
  deps: AlertFeedbackDeps,
  scope: AlertScope,
  now: Date,
): Promise<AlertBatch> {
  const empty: AlertBatch = { listed: [], unlisted: 0, hidden: 0, newest: null };
  if (scope.widgetIds?.length === 0) return empty;
  const visibility = visibilityOf(
    effectivePlan(deps.plans, await readSubscription(db, scope.workspaceId), now, deps.billingMode).limits,
  );
  const base = db
    .selectFrom('feedback')
    .where('feedback.workspace_id', '=', scope.workspaceId)
    .where('feedback.created_at', '>', scope.after)
    // Spam marked before the mail leaves stays out of it, as it stays out of the inbox.
    .where('feedback.status', '<>', 'spam')
    .$if(scope.widgetIds !== null, (query) => query.where('feedback.widget_id', 'in', scope.widgetIds ?? []))
    .$if(scope.upTo !== undefined, (query) => query.where('feedback.created_at', '<=', scope.upTo ?? ''));
  const shown = shownBy(visibility);
  const visibleWhen = shown ? sql<number>`case when ${shown} then 1 else 0 end` : sql<number>`1`;
  const totals = await base
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      eb.fn.sum<string | number>(visibleWhen).as('visible'),
      eb.fn.max('feedback.created_at').as('newest'),
    ])
    .executeTakeFirst();
  const total = toCount(totals?.total);
  if (!totals || total === 0 || totals.newest === null) return empty;
  const visible = toCount(totals.visible);
  const rows = await (shown ? base.where(shown) : base)
    .where('feedback.created_at', '<=', totals.newest)
    .leftJoin('widgets', 'widgets.id', 'feedback.widget_id')
    .select([
      'feedback.message',
      'feedback.page_url',
      'feedback.author_name',
      'feedback.author_email',
      'widgets.name as widget_name',
    ])
    .orderBy('feedback.created_at')
    .orderBy('feedback.id')
    .limit(ALERT_MAX_LISTED)
    .execute();
  return {
    listed: rows.map((row) => ({
      message: row.message,
      pageUrl: row.page_url,
      authorName: row.author_name,
      authorEmail: row.author_email,
      widgetName: row.widget_name ?? undefined,
    })),
    unlisted: visible - rows.length,
    hidden: total - visible,
    newest: totals.newest,
  };
}
