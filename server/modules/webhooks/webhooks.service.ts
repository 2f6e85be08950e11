/**
 * The owner's webhook endpoints: list, create (the secret shown once), edit, delete, rotate the
 * secret, send a test event, read the delivery log and resend a delivery. Webhooks need a plan
 * that has them (Pro and Premium); endpoints kept from a paid plan stop sending on free. A test
 * event or a resend is refused while the account is at its cap on waiting deliveries
 * (pending-cap.ts); how often they may be asked for is the routes' rate limit.
 */
import type { WebhookDeliveryLog, WebhookEndpoint, WebhookWithSecret } from '../../../src/shared/api';
import type { PlanTable } from '../../../src/shared/plans';
import { MAX_WEBHOOKS_PER_ACCOUNT, type WebhookData } from '../../../src/shared/schemas';
import type { WorkspaceAccess } from '../workspaces/workspaces.service';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { checkOutboundUrl } from '../../lib/outbound';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../lib/time';
import { effectivePlan, type BillingMode } from '../plans/plans.service';
import { buildTestPayload } from './payloads';
import { newDeliveryRow } from './delivery-row';
import { hasRoom, TOO_MANY_WAITING_MESSAGE } from './pending-cap';
import { generateWebhookSecret } from './signing';
import { toWebhookAttempt, toWebhookEndpoint, type WebhooksRepo } from './webhooks.repo';

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook not found.',
  deliveryNotFound: 'Delivery not found.',
  deleted: 'Webhook deleted',
  planLacksWebhooks: 'Webhooks are part of the Pro and Premium plans. Upgrade to add one.',
  tooMany: `You can add up to ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks.`,
  unknownWidget: 'Choose widgets of your own.',
  testQueued: 'Test event sent',
  resendQueued: 'Delivery queued again',
  tooManyWaiting: TOO_MANY_WAITING_MESSAGE,
} as const;

interface WebhooksDeps {
  repo: WebhooksRepo;
  plans: PlanTable;
  billingMode: BillingMode;
  clock: Clock;
  secretBox: SecretBox;
  allowPrivate: boolean;
  /** Base of the console links in the test event. */
  publicUrl: string;
  /** The ids among `widgetIds` that belong to the owner. */
  ownedWidgetIds: (workspaceId: string, widgetIds: string[]) => Promise<Set<string>>;
  /** Delivery work was queued: send it now rather than at the next tick. */
  onQueued: () => void;
}

export function createWebhooksService(deps: WebhooksDeps) {
  const { repo, plans, billingMode, clock, secretBox, allowPrivate, publicUrl, ownedWidgetIds, onQueued } = deps;

  function assertPlanHasWebhooks(workspace: WorkspaceAccess) {
    if (!effectivePlan(plans, workspace, clock.now(), billingMode).limits.webhooks) {
      throw forbidden(WEBHOOK_MESSAGES.planLacksWebhooks);
    }
  }

  async function checkInput(workspace: WorkspaceAccess, input: WebhookData) {
    const refused = await checkOutboundUrl(input.url, allowPrivate);
    if (refused) throw badRequest(refused, [{ path: 'url', message: refused }]);
    if (input.widgetIds) {
      const owned = await ownedWidgetIds(workspace.id, input.widgetIds);
      if (input.widgetIds.some((id) => !owned.has(id))) {
        throw badRequest(WEBHOOK_MESSAGES.unknownWidget, [
          { path: 'widgetIds', message: WEBHOOK_MESSAGES.unknownWidget },
        ]);
      }
    }
  }

  /** A test event or a resend adds a waiting delivery: refused while the account is at the cap. */
  async function assertRoomToQueue(workspace: WorkspaceAccess) {
    const waiting = (await repo.waitingByOwner(repo.db, [workspace.id])).get(workspace.id) ?? 0;
    if (!hasRoom(waiting)) throw conflict(WEBHOOK_MESSAGES.tooManyWaiting);
  }

  async function ownedEndpoint(workspace: WorkspaceAccess, id: string) {
    const row = await repo.findEndpoint(workspace.id, id);
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  function columnsOf(input: WebhookData) {
    return {
      url: input.url,
      kind: input.kind,
      events: JSON.stringify(input.events),
      widget_ids: input.widgetIds === null ? null : JSON.stringify([...new Set(input.widgetIds)]),
      active: input.active ? 1 : 0,
    };
  }

  return {
    async list(workspace: WorkspaceAccess): Promise<WebhookEndpoint[]> {
      return (await repo.listEndpoints(workspace.id)).map(toWebhookEndpoint);
    },

    async create(workspace: WorkspaceAccess, input: WebhookData): Promise<WebhookWithSecret> {
      assertPlanHasWebhooks(workspace);
      await checkInput(workspace, input);
      if ((await repo.listEndpoints(workspace.id)).length >= MAX_WEBHOOKS_PER_ACCOUNT) {
        throw forbidden(WEBHOOK_MESSAGES.tooMany);
      }
      const secret = generateWebhookSecret();
      const now = clock.now().toISOString();
      const row = {
        id: newId(),
        workspace_id: workspace.id,
        ...columnsOf(input),
        secret_encrypted: secretBox.seal(secret),
        failing_since: null,
        disabled_reason: null,
        created_at: now,
        updated_at: now,
      };
      await repo.insertEndpoint(row);
      return { ...toWebhookEndpoint(row), secret };
    },

    async update(workspace: WorkspaceAccess, id: string, input: WebhookData): Promise<WebhookEndpoint> {
      const existing = await ownedEndpoint(workspace, id);
      await checkInput(workspace, input);
      // Turning an endpoint back on starts its failure count afresh.
      const reset = input.active ? { failing_since: null, disabled_reason: null } : {};
      const changes = { ...columnsOf(input), ...reset, updated_at: clock.now().toISOString() };
      await repo.updateEndpoint(workspace.id, id, changes);
      return toWebhookEndpoint({ ...existing, ...changes });
    },

    async delete(workspace: WorkspaceAccess, id: string) {
      if (!(await repo.deleteEndpoint(workspace.id, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
      return { message: WEBHOOK_MESSAGES.deleted };
    },

    async rotateSecret(workspace: WorkspaceAccess, id: string): Promise<WebhookWithSecret> {
      const existing = await ownedEndpoint(workspace, id);
      const secret = generateWebhookSecret();
      const changes = { secret_encrypted: secretBox.seal(secret), updated_at: clock.now().toISOString() };
      await repo.updateEndpoint(workspace.id, id, changes);
      return { ...toWebhookEndpoint({ ...existing, ...changes }), secret };
    },

    /** Queues a `webhook.test` delivery to the endpoint, active or not. */
    async sendTest(workspace: WorkspaceAccess, id: string) {
      assertPlanHasWebhooks(workspace);
      const endpoint = await ownedEndpoint(workspace, id);
      await assertRoomToQueue(workspace);
      const now = clock.now();
      await repo.insertDeliveries(repo.db, [newDeliveryRow(endpoint, buildTestPayload(now, publicUrl), now)]);
      onQueued();
      return { message: WEBHOOK_MESSAGES.testQueued };
    },

    async deliveries(workspace: WorkspaceAccess, id: string): Promise<WebhookDeliveryLog> {
      await ownedEndpoint(workspace, id);
      return { attempts: (await repo.listAttempts(id)).map(toWebhookAttempt) };
    },

    /** Sends a delivery again now, with its original `webhook-id`. */
    async resend(workspace: WorkspaceAccess, id: string, deliveryId: string) {
      assertPlanHasWebhooks(workspace);
      await ownedEndpoint(workspace, id);
      const delivery = await repo.findDelivery(id, deliveryId);
      if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      // One still waiting is only brought forward: it adds nothing to the account's waiting count.
      if (delivery.status !== 'pending') await assertRoomToQueue(workspace);
      await repo.sendAgain(deliveryId, clock.now().toISOString());
      onQueued();
      return { message: WEBHOOK_MESSAGES.resendQueued };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
