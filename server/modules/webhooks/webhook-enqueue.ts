/**
 * Queues webhook deliveries inside the transaction that stores what they announce (a batch of
 * feedback, a published post), so an event is either stored with its deliveries or not at all.
 * Only accounts whose plan has webhooks, and only feedback the plan shows: feedback hidden by the
 * monthly cap is not announced until it becomes visible. An account at its cap on waiting
 * deliveries gets each new one logged as not sent instead (pending-cap.ts).
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { FeedbackCreatedData, PostPublishedData } from '../../../src/shared/api';
import type { Plan, PlanTable } from '../../../src/shared/plans';
import type { NewsIcon, WebhookEvent } from '../../../src/shared/schemas';
import type { Database, FeedbackRow, PostRow, WebhookDeliveriesTable } from '../../db/schema';
import type { Clock } from '../../lib/time';
import { isShown } from '../plans/plans.service';
import { effectivePlan, readSubscription, type BillingMode } from '../plans/plans.service';
import { buildWebhookPayload } from './payloads';
import { newDeliveryRow } from './delivery-row';
import { refusal, splitByPendingCap } from './pending-cap';
import { endpointWants, type EndpointRow, type WebhooksRepo } from './webhooks.repo';

type Db = Kysely<Database> | Transaction<Database>;

interface EnqueueDeps {
  repo: WebhooksRepo;
  plans: PlanTable;
  billingMode: BillingMode;
  clock: Clock;
  publicUrl: string;
}

async function widgetNames(trx: Db, widgetIds: string[]): Promise<Map<string, string>> {
  const rows = await trx.selectFrom('widgets').select(['id', 'name']).where('id', 'in', widgetIds).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export function createWebhookEnqueue({ repo, plans, billingMode, clock, publicUrl }: EnqueueDeps) {
  /** The endpoints of these owners whose plan has webhooks, with each owner's plan. */
  async function endpointsWithPlans(trx: Db, workspaceIds: string[]) {
    const endpoints = await repo.activeEndpointsOf(trx, workspaceIds);
    const planOf = new Map<string, Plan>();
    for (const workspaceId of new Set(endpoints.map((endpoint) => endpoint.workspace_id))) {
      const plan = effectivePlan(plans, await readSubscription(trx, workspaceId), clock.now(), billingMode);
      if (plan.limits.webhooks) planOf.set(workspaceId, plan);
    }
    return { endpoints: endpoints.filter((endpoint) => planOf.has(endpoint.workspace_id)), planOf };
  }

  function delivery(endpoint: EndpointRow, type: WebhookEvent, data: FeedbackCreatedData | PostPublishedData) {
    const now = clock.now();
    return newDeliveryRow(endpoint, buildWebhookPayload(type, data, now), now);
  }

  /**
   * Queues what fits each owner's room under the cap on waiting deliveries; the rest is given up
   * at once, each with a log entry saying why (pending-cap.ts). Resolves to whether it queued any.
   */
  async function queue(trx: Db, deliveries: Insertable<WebhookDeliveriesTable>[]): Promise<boolean> {
    if (deliveries.length === 0) return false;
    const waiting = await repo.waitingByOwner(trx, [...new Set(deliveries.map((row) => row.workspace_id))]);
    const { queued, refused } = splitByPendingCap(deliveries, waiting);
    const at = clock.now().toISOString();
    const refusals = refused.map((row) => refusal(row, at));
    await repo.insertDeliveries(trx, [...queued, ...refusals.map((entry) => entry.delivery)]);
    await repo.logAttempts(
      trx,
      refusals.map((entry) => entry.logEntry),
    );
    return queued.length > 0;
  }

  return {
    /**
     * The feedback writer's hook: one query for the batch's owners when none has an endpoint.
     * Resolves to whether it queued anything.
     */
    async afterFeedbackInsert(trx: Transaction<Database>, rows: readonly FeedbackRow[]): Promise<boolean> {
      const { endpoints, planOf } = await endpointsWithPlans(trx, [...new Set(rows.map((row) => row.workspace_id))]);
      if (endpoints.length === 0) return false;
      const names = await widgetNames(trx, [...new Set(rows.map((row) => row.widget_id))]);
      const deliveries: Insertable<WebhookDeliveriesTable>[] = [];
      for (const row of rows) {
        const plan = planOf.get(row.workspace_id);
        if (!plan || !isShown(row, plan)) continue;
        const data: FeedbackCreatedData = {
          id: row.id,
          widgetId: row.widget_id,
          widgetName: names.get(row.widget_id) ?? '',
          message: row.message,
          pageUrl: row.page_url,
          authorName: row.author_name,
          createdAt: row.created_at,
          url: `${publicUrl}/feedback`,
        };
        for (const endpoint of endpoints) {
          if (
            endpoint.workspace_id === row.workspace_id &&
            endpointWants(endpoint, 'feedback.created', row.widget_id)
          ) {
            deliveries.push(delivery(endpoint, 'feedback.created', data));
          }
        }
      }
      return queue(trx, deliveries);
    },

    /** Called in the transaction that publishes a post; resolves to whether it queued anything. */
    async afterPostPublished(trx: Db, post: PostRow): Promise<boolean> {
      const { endpoints } = await endpointsWithPlans(trx, [post.workspace_id]);
      const wanting = endpoints.filter((endpoint) => endpointWants(endpoint, 'post.published', post.widget_id));
      if (wanting.length === 0) return false;
      const names = await widgetNames(trx, [post.widget_id]);
      const data: PostPublishedData = {
        id: post.id,
        widgetId: post.widget_id,
        widgetName: names.get(post.widget_id) ?? '',
        title: post.title,
        content: post.content,
        icon: post.icon as NewsIcon,
        link: post.link,
        createdAt: post.created_at,
      };
      return queue(
        trx,
        wanting.map((endpoint) => delivery(endpoint, 'post.published', data)),
      );
    },
  };
}

export type WebhookEnqueue = ReturnType<typeof createWebhookEnqueue>;
