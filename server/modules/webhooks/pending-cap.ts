/**
 * The cap on an account's waiting deliveries (MAX_PENDING_DELIVERIES_PER_ACCOUNT): past it a new
 * delivery is not queued. One that an event brings (feedback, a post) is given up at once with a
 * log entry saying why, so the owner sees what was missed; a test event or a resend, asked for in
 * the console, is answered 409 with the same words. So one account's failing endpoints cannot
 * grow the queue without end.
 */
import type { Insertable } from 'kysely';
import { MAX_PENDING_DELIVERIES_PER_ACCOUNT } from '../../../src/shared/schemas';
import type { WebhookAttemptsTable, WebhookDeliveriesTable } from '../../db/schema';
import { newId } from '../../lib/ids';

/** Starts every log entry of a delivery Tellbox did not send; no error from sending starts so. */
const NOT_SENT_PREFIX = 'Not sent: ';
const AT_MOST = `${MAX_PENDING_DELIVERIES_PER_ACCOUNT.toLocaleString('en-US')} at most`;

/** The log entry's reason for a delivery refused by the cap. */
export const NOT_SENT_REASON = `${NOT_SENT_PREFIX}too many deliveries waiting for this account (${AT_MOST}). Fix or switch off the endpoints that keep failing, then resend.`;
/** The 409 to a test event or a resend while the account is at the cap. */
export const TOO_MANY_WAITING_MESSAGE = `Too many deliveries waiting for this account (${AT_MOST}). Fix or switch off the endpoints that keep failing, then try again.`;

/** Whether a log entry's error says the delivery was never sent (the cap refused it). */
export const wasNotSent = (error: string | null) => error?.startsWith(NOT_SENT_PREFIX) ?? false;

/** Whether an account with `waiting` deliveries waiting may queue one more. */
export const hasRoom = (waiting: number, cap = MAX_PENDING_DELIVERIES_PER_ACCOUNT) => waiting < cap;

/**
 * Splits new deliveries, in order, into those that fit their owner's room under `cap` (given how
 * many each owner has waiting already) and those refused.
 */
export function splitByPendingCap<T extends { workspace_id: string }>(
  rows: readonly T[],
  waitingByOwner: ReadonlyMap<string, number>,
  cap = MAX_PENDING_DELIVERIES_PER_ACCOUNT,
): { queued: T[]; refused: T[] } {
  const waiting = new Map(waitingByOwner);
  const queued: T[] = [];
  const refused: T[] = [];
  for (const row of rows) {
    const count = waiting.get(row.workspace_id) ?? 0;
    if (hasRoom(count, cap)) {
      queued.push(row);
      waiting.set(row.workspace_id, count + 1);
    } else {
      refused.push(row);
    }
  }
  return { queued, refused };
}

type NewDelivery = Insertable<WebhookDeliveriesTable>;

/**
 * A refused delivery as it is stored: given up (`failed`, never tried, so Resend can still send
 * it), and its log entry at `at`: no status, no answer, NOT_SENT_REASON.
 */
export function refusal(
  delivery: NewDelivery,
  at: string,
): { delivery: NewDelivery; logEntry: Insertable<WebhookAttemptsTable> } {
  return {
    delivery: { ...delivery, status: 'failed', next_attempt_at: null },
    logEntry: {
      id: newId(),
      endpoint_id: delivery.endpoint_id,
      delivery_id: delivery.id,
      attempted_at: at,
      status_code: null,
      duration_ms: 0,
      response_start: '',
      error: NOT_SENT_REASON,
      ok: 0,
    },
  };
}
