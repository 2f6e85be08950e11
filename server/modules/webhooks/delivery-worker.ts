/**
 * Sends due webhook deliveries: claims them with a lease (one instance per delivery), sends each
 * signed, logs the attempt, and either marks it delivered or schedules the next try by the retry
 * schedule, with the same `webhook-id` every time. A delivery whose instance died mid-send is
 * claimed again once its lease has run out.
 *
 * Sends run side by side and nobody waits for a whole batch. The slots are shared fairly
 * (claim-due.ts): owners take turns, and one owner has at most CLAIM_PER_OWNER sends under way, one
 * endpoint at most CLAIM_PER_ENDPOINT (on all instances together). Each send ends within the
 * outbound deadline (OUTBOUND_TIMEOUT_MS, 5 s), so an endpoint that never answers holds its slot
 * no longer than that, and one owner's backlog or hanging endpoints never hold up another owner's
 * deliveries.
 */
import type { WebhookPayload } from '../../../src/shared/api';
import type { WebhookKind } from '../../../src/shared/schemas';
import { newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { sendOutbound, type OutboundRequest, type OutboundResult } from '../../lib/outbound';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../lib/time';
import { bodyFor } from './chat-messages';
import type { DisabledEndpoint, EndpointHealth } from './endpoint-health';
import { retryDelayAfter } from './retry-schedule';
import { signDelivery } from './signing';
import type { ClaimedDelivery } from './claim-due';
import type { WebhooksRepo } from './webhooks.repo';

/** Sends under way at once on this instance. */
export const MAX_IN_FLIGHT = 50;
/**
 * Sends under way at once for one owner: a fifth of an instance's slots, so even four owners whose
 * endpoints all hang leave room, and everyone else's deliveries go out at once.
 */
export const CLAIM_PER_OWNER = 10;
/** Sends under way at once to one endpoint: half an owner's share, so one slow endpoint leaves the owner's others room. */
export const CLAIM_PER_ENDPOINT = 5;
/** Longer than one attempt can take (the 5 s timeout), so a lease never runs out mid-send. */
const LEASE_MS = 60_000;

export interface DeliveryWorkerDeps {
  repo: WebhooksRepo;
  health: EndpointHealth;
  secretBox: SecretBox;
  clock: Clock;
  allowPrivate: boolean;
  logger: Logger;
  onEndpointDisabled: (endpoint: DisabledEndpoint) => Promise<void>;
  /** A send ended, so there is room for more. */
  onSettled: () => void;
  /** The HTTP client; tests keep the real one. */
  send?: (request: OutboundRequest) => Promise<OutboundResult>;
}

export function createDeliveryWorker(deps: DeliveryWorkerDeps) {
  const { repo, health, secretBox, clock, allowPrivate, logger, onEndpointDisabled, onSettled } = deps;
  const inFlight = new Set<Promise<void>>();
  const send = deps.send ?? ((request: OutboundRequest) => sendOutbound(request));

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const payload = JSON.parse(delivery.payload) as WebhookPayload;
    const body = bodyFor(delivery.kind as WebhookKind, payload);
    const attemptedAt = clock.now();
    const headers = {
      'content-type': 'application/json',
      ...signDelivery(secretBox.open(delivery.secret_encrypted), { id: delivery.id, timestamp: attemptedAt, body }),
    };
    const result = await send({ url: delivery.url, method: 'POST', headers, body, allowPrivate });
    const attemptNumber = delivery.attempt_count + 1;
    await repo.recordAttempt({
      id: newId(),
      endpoint_id: delivery.endpoint_id,
      delivery_id: delivery.id,
      attempted_at: attemptedAt.toISOString(),
      status_code: result.statusCode,
      duration_ms: Math.round(result.durationMs),
      response_start: result.responseStart,
      error: result.error,
      ok: result.ok ? 1 : 0,
    });
    if (result.ok) {
      await repo.finishDelivery(delivery.id, {
        status: 'delivered',
        attempt_count: attemptNumber,
        next_attempt_at: null,
        delivered_at: clock.now().toISOString(),
      });
      await health.succeeded(delivery.endpoint_id);
      return;
    }
    const delay = retryDelayAfter(attemptNumber);
    await repo.finishDelivery(delivery.id, {
      status: delay === null ? 'failed' : 'pending',
      attempt_count: attemptNumber,
      // Counted from the attempt, as the schedule says ("5 s after a failed attempt").
      next_attempt_at: delay === null ? null : new Date(attemptedAt.getTime() + delay).toISOString(),
    });
    // The run of failures is timed by when the attempts were made, not by when their answers came.
    const disabled = await health.failed(delivery.endpoint_id, attemptedAt);
    if (disabled) await onEndpointDisabled(disabled);
  }

  function start(delivery: ClaimedDelivery) {
    const sending: Promise<void> = attempt(delivery)
      .catch((error: unknown) => {
        logger.error({ err: error, delivery: delivery.id }, 'a webhook delivery could not be attempted');
      })
      .finally(() => {
        inFlight.delete(sending);
        onSettled();
      });
    inFlight.add(sending);
  }

  return {
    /** Claims what is due and there is room for, and starts sending it; resolves to how many. */
    async runOnce(): Promise<number> {
      const room = MAX_IN_FLIGHT - inFlight.size;
      if (room <= 0) return 0;
      const now = clock.now();
      const claimed = await repo.claimDue({
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
        limit: room,
        perEndpoint: CLAIM_PER_ENDPOINT,
        perOwner: CLAIM_PER_OWNER,
      });
      claimed.forEach(start);
      return claimed.length;
    },

    /** Resolves once every send under way has ended. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
