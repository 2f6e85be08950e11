/**
 * The owner's inbox. Which feedback is visible is decided at read time from the current plan, so
 * an upgrade reveals hidden feedback at once and nothing a visitor sent is ever dropped.
 */
import type {
  FeedbackItem,
  FeedbackListResponse,
  FeedbackStatusCountsResponse,
  FeedbackSummary,
} from '../../../src/shared/api';
import { suggestedPlanFor, type PlanTable } from '../../../src/shared/plans';
import type { FeedbackStatus } from '../../../src/shared/feedback-status';
import type {
  FeedbackCountsQuery,
  FeedbackFilterQuery,
  FeedbackListQuery,
  FeedbackStatusUpdate,
} from '../../../src/shared/schemas';
import type { Transactor } from '../../db/transaction';
import type { HeavyReader } from '../../heavy-reads/heavy-reader';
import { badRequest, notFound } from '../../lib/errors';
import { can, type Role } from '../../../src/shared/roles';
import type { WorkspaceAccess } from '../workspaces/workspaces.service';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor';
import { newId } from '../../lib/ids';
import { monthKey, type Clock } from '../../lib/time';
import type { ZoneDays } from '../../lib/zone-days';
import { effectivePlan, visibilityOf, type BillingMode } from '../plans/plans.service';
import type { FeedbackHeavyReads } from './feedback-heavy-reads';
import type { FeedbackWriter } from './feedback-writer';
import { applyStatus } from './feedback-status.repo';
import { toFeedbackItem, type FeedbackFilter, type FeedbackPosition, type FeedbackRepo } from './feedback.repo';

/** What a plan shows of an owner's feedback: the rule every other channel asks (feedback-visibility.ts). */
export { shownBy } from './feedback-visibility';

const encodeCursor = (position: FeedbackPosition) => encodeKeysetCursor(position.createdAt, position.id);

function decodeCursor(cursor: string): FeedbackPosition {
  const [createdAt, id] = decodeKeysetCursor(cursor);
  return { createdAt, id };
}

export const FEEDBACK_NOT_FOUND = 'Feedback not found.';
/**
 * Rows an export reads at a time. Small pages keep each one's objects short-lived: with 1 000 a
 * million-row export grew the server by about twice as much as with 200, at the same speed.
 */
const EXPORT_PAGE_ROWS = 200;

interface FeedbackDeps {
  feedback: FeedbackRepo;
  /** The queries that grow with the inbox, run as heavy reads (server/heavy-reads): off the event loop, a few per account. */
  heavy: HeavyReader<FeedbackHeavyReads>;
  /** Runs a status change (reading its targets, then writing) as one transaction. */
  transact: Transactor;
  writer: FeedbackWriter;
  plans: PlanTable;
  billingMode: BillingMode;
  clock: Clock;
  /** Throws 404 unless the widget is the owner's. */
  assertWidgetOwned: (workspace: WorkspaceAccess, widgetId: string) => Promise<void>;
  /** Told after each entry is committed (the owner's event stream); must not throw or block. */
  onFeedbackStored?: (stored: { id: string; workspaceId: string }) => void;
  /** A member's role in the workspace, or undefined for an account outside it. */
  roleOf: (workspaceId: string, accountId: string) => Promise<Role | undefined>;
}

/** The repository's filter for the inbox's query: `assignee=me` is the asker, `none` nobody. */
function filterOf(workspace: WorkspaceAccess, query: Partial<FeedbackFilterQuery>): FeedbackFilter {
  const { assignee, widgetId, status, q, from, to } = query;
  const assigneeId = assignee === 'me' ? workspace.account.id : assignee === 'none' ? null : assignee;
  return { widgetId, status, q, from, to, ...(assigneeId === undefined ? {} : { assigneeId }) };
}

/** A 400 on `assigneeId`: viewers, and accounts outside the workspace, are assigned nothing. */
export const FEEDBACK_ASSIGNEE_MESSAGE = 'Assign it to a member who can triage feedback: an owner, admin or member.';

export function createFeedbackService(deps: FeedbackDeps) {
  const { feedback, heavy, transact, writer, plans, billingMode, clock, assertWidgetOwned, onFeedbackStored } = deps;
  const planOf = (workspace: WorkspaceAccess) => effectivePlan(plans, workspace, clock.now(), billingMode);

  return {
    async list(workspace: WorkspaceAccess, query: FeedbackListQuery): Promise<FeedbackListResponse> {
      if (query.widgetId) await assertWidgetOwned(workspace, query.widgetId);
      // A page of the inbox is one range of an index, cheap however deep; a search reads matches.
      const reads = query.q === undefined ? feedback : heavy.as('search');
      const rows = await reads.list(workspace.id, {
        visibility: visibilityOf(planOf(workspace).limits),
        filter: filterOf(workspace, query),
        after: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
      return { success: true, feedbacks: page.map(toFeedbackItem), nextCursor };
    },

    /**
     * Every entry the filter shows, newest first, a page at a time: an export of a million rows
     * holds one page in memory, and each page is one range of an index, read after the last.
     */
    async *exportPages(workspace: WorkspaceAccess, query: FeedbackFilterQuery): AsyncGenerator<FeedbackItem[]> {
      const filter = filterOf(workspace, query);
      if (filter.widgetId) await assertWidgetOwned(workspace, filter.widgetId);
      const visibility = visibilityOf(planOf(workspace).limits);
      let after: FeedbackPosition | undefined;
      for (;;) {
        const rows = await heavy
          .as('export')
          .list(workspace.id, { visibility, filter, after, limit: EXPORT_PAGE_ROWS });
        if (rows.length > 0) yield rows.map(toFeedbackItem);
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_PAGE_ROWS) return;
        after = { createdAt: last.created_at, id: last.id };
      }
    },

    async recent(workspace: WorkspaceAccess, limit: number): Promise<FeedbackItem[]> {
      const rows = await feedback.list(workspace.id, { visibility: visibilityOf(planOf(workspace).limits), limit });
      return rows.map(toFeedbackItem);
    },

    /** An entry the owner can see under the current plan; null when it is another owner's or hidden. */
    async findVisible(workspace: WorkspaceAccess, feedbackId: string): Promise<FeedbackItem | null> {
      const row = await feedback.findVisible(workspace.id, feedbackId, visibilityOf(planOf(workspace).limits));
      return row ? toFeedbackItem(row) : null;
    },

    /** Visible entries per status (the inbox tabs), for one widget or all, and the other filters; each capped. */
    async statusCounts(workspace: WorkspaceAccess, query: FeedbackCountsQuery): Promise<FeedbackStatusCountsResponse> {
      const filter = filterOf(workspace, query);
      if (filter.widgetId) await assertWidgetOwned(workspace, filter.widgetId);
      return heavy.as('counts').countByStatus(workspace.id, visibilityOf(planOf(workspace).limits), filter);
    },

    /**
     * Gives the owner's visible entries among `ids` the status; others' ids and hidden entries are
     * left alone. Returns how many changed; `requireFound` answers 404 when none of `ids` is there.
     */
    async setStatus(
      workspace: WorkspaceAccess,
      ids: readonly string[],
      status: FeedbackStatus,
      options: { requireFound?: boolean } = {},
    ): Promise<number> {
      const visibility = visibilityOf(planOf(workspace).limits);
      return transact(async (trx) => {
        const targets = await feedback.readStatusTargets(trx, workspace.id, ids, visibility);
        if (options.requireFound && targets.length === 0) throw notFound(FEEDBACK_NOT_FOUND);
        return applyStatus(trx, workspace.id, targets, status);
      });
    },

    /**
     * `PATCH /api/feedback/:id`: its status, whom it is assigned to, or both, at once. Only a
     * member who may triage can be assigned an entry. Returns how many entries changed (0 or 1).
     */
    async update(workspace: WorkspaceAccess, id: string, update: FeedbackStatusUpdate): Promise<number> {
      const { status, assigneeId } = update;
      if (assigneeId) {
        const role = await deps.roleOf(workspace.id, assigneeId);
        if (!role || !can(role, 'feedback.triage')) {
          throw badRequest(FEEDBACK_ASSIGNEE_MESSAGE, [{ path: 'assigneeId', message: FEEDBACK_ASSIGNEE_MESSAGE }]);
        }
      }
      const visibility = visibilityOf(planOf(workspace).limits);
      return transact(async (trx) => {
        const targets = await feedback.readStatusTargets(trx, workspace.id, [id], visibility);
        if (targets.length === 0) throw notFound(FEEDBACK_NOT_FOUND);
        const changed = status === undefined ? 0 : await applyStatus(trx, workspace.id, targets, status);
        if (assigneeId !== undefined) await feedback.assign(trx, workspace.id, id, assigneeId, visibility);
        return Math.max(changed, assigneeId === undefined ? 0 : 1);
      });
    },

    countVisible: (workspace: WorkspaceAccess) =>
      heavy.as('dashboard').countVisible(workspace.id, visibilityOf(planOf(workspace).limits)),

    /** What the plan shows, per calendar day of `days`' zone and per widget (the dashboard's chart). */
    countByDay: (workspace: WorkspaceAccess, days: Pick<ZoneDays, 'from' | 'to' | 'offsets'>) =>
      heavy.as('dashboard').countByDay(workspace.id, visibilityOf(planOf(workspace).limits), days),

    /**
     * Stores what a visitor sent through a widget; plan limits only decide its visibility. False
     * when the widget was deleted before the entry could be stored (nothing is stored then).
     */
    async record(feedbackInput: {
      widgetId: string;
      workspaceId: string;
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
        workspace_id: feedbackInput.workspaceId,
        message: feedbackInput.message,
        page_url: feedbackInput.pageUrl,
        user_agent: feedbackInput.userAgent,
        author_name: feedbackInput.authorName,
        author_email: feedbackInput.authorEmail,
        created_at: now.toISOString(),
        month: monthKey(now),
      });
      if (outcome === 'widget-missing') return false;
      onFeedbackStored?.({ id, workspaceId: feedbackInput.workspaceId });
      return true;
    },

    /** Stops the heavy reads' workers (the server is stopping). */
    close: () => heavy.close(),

    async summary(workspace: WorkspaceAccess): Promise<FeedbackSummary> {
      const plan = planOf(workspace);
      return {
        plan: plan.id,
        maxVisibleFeedbackPerMonth: plan.limits.visibleFeedbackPerMonth,
        feedbackScope: plan.limits.feedbackScope,
        hiddenFeedbackCount: await feedback.countHidden(workspace.id, visibilityOf(plan.limits)),
        suggestedPlan: suggestedPlanFor(plans, plan.id, (limits) => limits.visibleFeedbackPerMonth),
      };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
