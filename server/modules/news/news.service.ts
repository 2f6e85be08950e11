/**
 * News posts: list, create within the plan's post limit (per calendar month on free, in total on
 * pro), edit and delete. A post always belongs to one of the owner's widgets.
 */
import type { NewsPost, PublicPost } from '../../../src/shared/api';
import { isBelowLimit, type PlanTable } from '../../../src/shared/plans';
import type { NewsPostData, PostStatus } from '../../../src/shared/schemas';
import { lockWorkspace } from '../../db/locks';
import type { PostRow, Database } from '../../db/schema';
import type { Transactor } from '../../db/transaction';
import type { Transaction } from 'kysely';
import type { WorkspaceAccess } from '../workspaces/workspaces.service';
import { forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { startOfMonthIso, type Clock } from '../../lib/time';
import { limitReachedMessage } from '../../../src/shared/plans';
import { effectivePlan, readSubscription, type BillingMode } from '../plans/plans.service';
import { toNewsPost, toPublicPost, type NewsRepo } from './news.repo';

export const NEWS_MESSAGES = {
  notFound: 'News post not found.',
  deleted: 'News post deleted',
} as const;

interface NewsDeps {
  transact: Transactor;
  news: NewsRepo;
  plans: PlanTable;
  billingMode: BillingMode;
  clock: Clock;
  assertWidgetOwned: (workspace: WorkspaceAccess, widgetId: string) => Promise<void>;
  onWidgetChanged: (widgetId: string) => void;
  /**
   * Runs in the transaction that publishes a post (created published, or a draft published), so
   * what it queues (webhook deliveries) commits with the post or not at all.
   */
  afterPostPublished?: (trx: Transaction<Database>, post: PostRow) => Promise<void>;
  /** A post was published and committed. */
  onPostPublished?: () => void;
}

function columnsOf(input: NewsPostData, currentStatus: PostStatus = 'published') {
  return {
    widget_id: input.widgetId,
    title: input.title,
    content: input.content,
    icon: input.icon,
    link: input.link,
    status: input.status ?? currentStatus,
  };
}

export function createNewsService(deps: NewsDeps) {
  const { transact, news, plans, billingMode, clock, assertWidgetOwned, onWidgetChanged } = deps;
  const afterPostPublished = deps.afterPostPublished ?? (() => Promise.resolve());

  /** How many posts count against the plan's cap right now. */
  function countTowardsLimit(userId: string, period: 'month' | 'total', trx?: Parameters<NewsRepo['count']>[2]) {
    return news.count(userId, period === 'month' ? startOfMonthIso(clock.now()) : undefined, trx);
  }

  return {
    async list(workspace: WorkspaceAccess, widgetId?: string): Promise<NewsPost[]> {
      if (widgetId) await assertWidgetOwned(workspace, widgetId);
      return (await news.list(workspace.id, { widgetId })).map(toNewsPost);
    },

    async recent(workspace: WorkspaceAccess, limit: number): Promise<NewsPost[]> {
      return (await news.list(workspace.id, { limit })).map(toNewsPost);
    },

    countTowardsLimit,

    /** A widget's published posts, newest first, as the public widget API shows them. */
    async published(widgetId: string, limit: number): Promise<PublicPost[]> {
      return (await news.published(widgetId, limit)).map(toPublicPost);
    },

    /** Creates a post unless the plan's post limit is reached (403), atomically. */
    async create(workspace: WorkspaceAccess, input: NewsPostData): Promise<NewsPost> {
      await assertWidgetOwned(workspace, input.widgetId);
      const now = clock.now();
      const row = {
        id: newId(),
        workspace_id: workspace.id,
        ...columnsOf(input),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      await transact(async (trx) => {
        await lockWorkspace(trx, workspace.id);
        const plan = effectivePlan(plans, await readSubscription(trx, workspace.id), now, billingMode);
        const count = await countTowardsLimit(workspace.id, plan.limits.postPeriod, trx);
        if (!isBelowLimit(plan.limits.maxPosts, count)) {
          throw forbidden(limitReachedMessage('posts', plan.limits.maxPosts, plan));
        }
        await news.insert(row, trx);
        if (row.status === 'published') await afterPostPublished(trx, row);
      });
      onWidgetChanged(input.widgetId);
      if (row.status === 'published') deps.onPostPublished?.();
      return toNewsPost(row);
    },

    async update(workspace: WorkspaceAccess, id: string, input: NewsPostData): Promise<NewsPost> {
      const existing = await news.findOwned(workspace.id, id);
      if (!existing) throw notFound(NEWS_MESSAGES.notFound);
      if (input.widgetId !== existing.widget_id) await assertWidgetOwned(workspace, input.widgetId);
      const changes = { ...columnsOf(input, existing.status as PostStatus), updated_at: clock.now().toISOString() };
      const updated = { ...existing, ...changes };
      const publishing = existing.status !== 'published' && updated.status === 'published';
      await transact(async (trx) => {
        await news.update(workspace.id, id, changes, trx);
        if (publishing) await afterPostPublished(trx, updated);
      });
      onWidgetChanged(existing.widget_id);
      onWidgetChanged(changes.widget_id);
      if (publishing) deps.onPostPublished?.();
      return toNewsPost(updated);
    },

    async delete(workspace: WorkspaceAccess, id: string) {
      const existing = await news.findOwned(workspace.id, id);
      if (!existing || !(await news.delete(workspace.id, id))) throw notFound(NEWS_MESSAGES.notFound);
      onWidgetChanged(existing.widget_id);
      return { message: NEWS_MESSAGES.deleted };
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
