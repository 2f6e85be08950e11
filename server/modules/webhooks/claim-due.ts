/**
 * Which due deliveries an instance takes next, so that the sending slots are shared fairly: owners
 * take turns (each owner's oldest due delivery, then each owner's next one, …), an owner's
 * endpoints take turns within the owner's share, and no owner or endpoint has more than its cap
 * under way on all instances together. What is already under way counts as turns taken, so an
 * owner whose endpoints hang keeps its share and no more, and another owner's delivery goes out
 * at once, however many the first has waiting.
 */
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database, WebhookDeliveriesTable } from '../../db/schema';

/** A due delivery claimed for sending, with what sending it needs from its endpoint. */
export interface ClaimedDelivery extends Selectable<WebhookDeliveriesTable> {
  url: string;
  kind: string;
  secret_encrypted: string;
}

export interface ClaimRequest {
  now: string;
  leaseUntil: string;
  /** How many this instance has room for. */
  limit: number;
  /** Under way at once to one endpoint, on every instance. */
  perEndpoint: number;
  /** Under way at once for one owner, on every instance. */
  perOwner: number;
}

/** Deliveries no instance is sending at `now`: never leased, or their lease has run out. */
export const unleasedAt = (now: string) => (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
  eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]);

/** How many deliveries each endpoint or owner has under way (leased, on any instance) at `now`. */
function underWay(db: Kysely<Database>, now: string, by: 'endpoint_id' | 'workspace_id') {
  return db
    .selectFrom('webhook_deliveries')
    .select((eb) => [eb.ref(by).as('key'), eb.fn.countAll<number>().as('sending')])
    .where('status', '=', 'pending')
    .where('locked_until', '>=', now)
    .groupBy(by);
}

/**
 * The ids to claim, best first. Each due delivery gets its endpoint's turn (its place in the
 * endpoint's line, oldest first, after what the endpoint has under way) and then its owner's turn
 * (its place among the owner's deliveries that fit their endpoint's cap, ordered by endpoint turn,
 * after what the owner has under way). Lower turns go first, the oldest first among equal turns:
 * round-robin by owner, then by endpoint.
 */
function claimOrder(db: Kysely<Database>, { now, limit, perEndpoint, perOwner }: ClaimRequest) {
  const due = db
    .selectFrom('webhook_deliveries')
    .leftJoin(underWay(db, now, 'endpoint_id').as('endpoint_busy'), 'endpoint_busy.key', 'endpoint_id')
    .select((eb) => [
      'id',
      'workspace_id',
      'next_attempt_at',
      eb(
        eb.fn
          .agg<number>('row_number')
          .over((over) => over.partitionBy('endpoint_id').orderBy('next_attempt_at').orderBy('id')),
        '+',
        eb.fn.coalesce('endpoint_busy.sending', eb.lit(0)),
      ).as('endpoint_turn'),
    ])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where(unleasedAt(now));
  const fitting = db
    .selectFrom(due.as('due'))
    .leftJoin(underWay(db, now, 'workspace_id').as('owner_busy'), 'owner_busy.key', 'due.workspace_id')
    .select((eb) => [
      'due.id',
      'due.next_attempt_at',
      eb(
        eb.fn
          .agg<number>('row_number')
          .over((over) =>
            over
              .partitionBy('due.workspace_id')
              .orderBy('due.endpoint_turn')
              .orderBy('due.next_attempt_at')
              .orderBy('due.id'),
          ),
        '+',
        eb.fn.coalesce('owner_busy.sending', eb.lit(0)),
      ).as('owner_turn'),
    ])
    .where('due.endpoint_turn', '<=', perEndpoint);
  return db
    .selectFrom(fitting.as('fitting'))
    .select('fitting.id')
    .where('fitting.owner_turn', '<=', perOwner)
    .orderBy('fitting.owner_turn')
    .orderBy('fitting.next_attempt_at')
    .orderBy('fitting.id')
    .limit(limit);
}

/**
 * Takes up to `limit` due deliveries for this instance until `leaseUntil`, in the order above. The
 * lease is checked again on the row being updated, so when two instances race for the same rows
 * on PostgreSQL the second, once the first has committed, finds them leased and skips them: each
 * delivery is sent by one instance. (Two claims at one moment may each count the other's as not
 * yet under way, so a cap can be passed by what they take together, never a delivery sent twice.)
 */
export async function claimDue(db: Kysely<Database>, request: ClaimRequest): Promise<ClaimedDelivery[]> {
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({ locked_until: request.leaseUntil })
    .where('id', 'in', claimOrder(db, request))
    .where('status', '=', 'pending')
    .where(unleasedAt(request.now))
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .selectAll('webhook_deliveries')
    .select(['webhook_endpoints.url', 'webhook_endpoints.kind', 'webhook_endpoints.secret_encrypted'])
    .where(
      'webhook_deliveries.id',
      'in',
      claimed.map((row) => row.id),
    )
    .execute();
}
