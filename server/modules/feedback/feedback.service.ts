/**
 * The owner's inbox. Which feedback is visible is decided at read time from the current plan, so
 * an upgrade reveals hidden feedback at once and nothing a visitor sent is ever dropped.
 */
import type { FeedbackItem, FeedbackListResponse, FeedbackSummary } from '../../../src/shared/api';
import { suggestedPlanFor, type PlanTable } from '../../../src/shared/plans';
import type { FeedbackListQuery } from '../../../src/shared/schemas';
import type { AuthUser } from '../../lib/auth';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor';
import { newId } from '../../lib/ids';
import { monthKey, type Clock } from '../../lib/time';
import type { ZoneDays } from '../../lib/zone-days';
import { effectivePlan, type BillingMode } from '../plans/plans.service';
import type { FeedbackWriter } from './feedback-writer';
import { toFeedbackItem, visibilityOf, type FeedbackPosition, type FeedbackRepo } from './feedback.repo';

/** Which stored feedback a plan shows; alerts and webhooks count what it hides by the same rule. */
export { visibilityOf, type Visibility } from './feedback.repo';

const encodeCursor = (position: FeedbackPosition) => encodeKeysetCursor(position.createdAt, position.id);

function decodeCursor(cursor: string): FeedbackPosition {
  const [createdAt, id] = decodeKeysetCursor(cursor);
  return { createdAt, id };
}

interface FeedbackDeps {
  feedback: FeedbackRepo;
  writer: FeedbackWriter;
  plans: PlanTable;
  billingMode: BillingMode;
  clock: Clock;
  /** Throws 404 unless the widget is the owner's. */
  assertWidgetOwned: (user: AuthUser, widgetId: string) => Promise<void>;
  /** Told after each entry is committed (the owner's event stream); must not throw or block. */
  onFeedbackStored?: (stored: { id: string; ownerId: string }) => void;
}

export function createFeedbackService(deps: FeedbackDeps) {
  const { feedback, writer, plans, billingMode, clock, assertWidgetOwned, onFeedbackStored } = deps;
  const planOf = (user: AuthUser) => effectivePlan(plans, user, clock.now(), billingMode);

  return {
    async list(user: AuthUser, query: FeedbackListQuery): Promise<FeedbackListResponse> {
      if (query.widgetId) await assertWidgetOwned(user, query.widgetId);
      const rows = await feedback.list(user.id, {
        visibility: visibilityOf(planOf(user).limits),
        widgetId: query.widgetId,
        after: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
      return { success: true, feedbacks: page.map(toFeedbackItem), nextCursor };
    },

    async recent(user: AuthUser, limit: number): Promise<FeedbackItem[]> {
      const rows = await feedback.list(user.id, { visibility: visibilityOf(planOf(user).limits), limit });
      return rows.map(toFeedbackItem);
    },

    /** An entry the owner can see under the current plan; null when it is another owner's or hidden. */
    async findVisible(user: AuthUser, feedbackId: string): Promise<FeedbackItem | null> {
      const row = await feedback.findVisible(user.id, feedbackId, visibilityOf(planOf(user).limits));
      return row ? toFeedbackItem(row) : null;
    },

    countVisible: (user: AuthUser) => feedback.countVisible(user.id, visibilityOf(planOf(user).limits)),

    /** What the plan shows, per calendar day of `days`' zone and per widget (the dashboard's chart). */
    countByDay: (user: AuthUser, days: Pick<ZoneDays, 'from' | 'to' | 'offsets'>) =>
      feedback.countByDay(user.id, visibilityOf(planOf(user).limits), days),

    /**
     * Stores what a visitor sent through a widget; plan limits only decide its visibility. False
     * when the widget was deleted before the entry could be stored (nothing is stored then).
     */
    async record(feedbackInput: {
      widgetId: string;
      ownerId: string;
      message: string;
      pageUrl: string;
      userAgent: string | null;
      authorName: string | null;
      authorEmail: string | null;
    }): Promise<boolean> {
      const now = clock.now();
      const id = newId();
      const outcome = await writer.write({
        id,
        widget_id: feedbackInput.widgetId,
        owner_id: feedbackInput.ownerId,
        message: feedbackInput.message,
        page_url: feedbackInput.pageUrl,
        user_agent: feedbackInput.userAgent,
        author_name: feedbackInput.authorName,
        author_email: feedbackInput.authorEmail,
        created_at: now.toISOString(),
        month: monthKey(now),
      });
      if (outcome === 'widget-missing') return false;
      onFeedbackStored?.({ id, ownerId: feedbackInput.ownerId });
      return true;
    },

    async summary(user: AuthUser): Promise<FeedbackSummary> {
      const plan = planOf(user);
      return {
        plan: plan.id,
        maxVisibleFeedbackPerMonth: plan.limits.visibleFeedbackPerMonth,
        feedbackScope: plan.limits.feedbackScope,
        hiddenFeedbackCount: await feedback.countHidden(user.id, visibilityOf(plan.limits)),
        suggestedPlan: suggestedPlanFor(plans, plan.id, (limits) => limits.visibleFeedbackPerMonth),
      };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
