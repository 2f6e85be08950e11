/**
 * Changing feedback's status, and what spam does to the monthly cap. A plan shows the first N
 * entries of each calendar month (their `account_seq` or `widget_seq`). Spam must not use up those
 * places: an entry marked spam gives its place up (both seqs become 0, which any cap shows, so the
 * spam tab lists it), and the month's entries are numbered again, oldest first, so the oldest one
 * the cap had hid moves into the visible window. An entry taken out of spam takes its place in
 * time again, which can push the newest visible one back out. Nothing is deleted.
 */
import { sql } from 'kysely';
import type { FeedbackStatus } from '../../../src/shared/feedback-status';
import type { Tx } from '../../db/transaction';
import { monthKey } from '../../lib/time';

/** An entry whose status is to change, as it is now. */
export interface StatusTarget {
  id: string;
  widget_id: string;
  created_at: string;
  status: FeedbackStatus;
}

/** The counters (and so the numbering) an entry's month has: the account's and its widget's. */
interface MonthScope {
  month: string;
  scope: string;
}

const isSpam = (status: FeedbackStatus) => status === 'spam';

/** `[first instant, first instant of the next month)` of a `YYYY-MM` month, as ISO strings. */
function monthRange(month: string): [string, string] {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  return [
    new Date(Date.UTC(year, monthIndex - 1, 1)).toISOString(),
    new Date(Date.UTC(year, monthIndex, 1)).toISOString(),
  ];
}

/**
 * The counters whose numbering the change touches, sorted by (scope, month): the feedback writer
 * takes its counters' locks in this order too, so the two never wait on each other in a circle.
 */
function scopesOf(moved: readonly StatusTarget[]): MonthScope[] {
  const keys = new Set<string>();
  for (const row of moved) {
    const month = monthKey(new Date(row.created_at));
    keys.add(JSON.stringify(['account', month]));
    keys.add(JSON.stringify([row.widget_id, month]));
  }
  return [...keys]
    .map((key) => JSON.parse(key) as [string, string])
    .sort(([scopeA, monthA], [scopeB, monthB]) =>
      scopeA === scopeB ? monthA.localeCompare(monthB) : scopeA < scopeB ? -1 : 1,
    )
    .map(([scope, month]) => ({ scope, month }));
}

/**
 * Numbers an owner's month again: non-spam entries 1…n in time order, per account and per widget.
 * Entries of the same millisecond keep their order of arrival (their old places).
 */
async function renumberMonth(trx: Tx, ownerId: string, month: string) {
  const [from, to] = monthRange(month);
  await sql`
    update feedback set account_seq = numbered.account_position, widget_seq = numbered.widget_position
    from (
      select id,
        row_number() over (order by created_at, account_seq, id) as account_position,
        row_number() over (partition by widget_id order by created_at, widget_seq, id) as widget_position
      from feedback
      where owner_id = ${ownerId} and created_at >= ${from} and created_at < ${to} and status <> 'spam'
    ) as numbered
    where feedback.id = numbered.id
      and (feedback.account_seq <> numbered.account_position or feedback.widget_seq <> numbered.widget_position)
  `.execute(trx);
}

/** Sets a month's counter to what it now numbers, so the next entry takes the place after the last. */
async function recount(trx: Tx, ownerId: string, { scope, month }: MonthScope) {
  const [from, to] = monthRange(month);
  const row = await trx
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('owner_id', '=', ownerId)
    .$if(scope !== 'account', (query) => query.where('widget_id', '=', scope))
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('status', '<>', 'spam')
    .executeTakeFirst();
  await trx
    .updateTable('feedback_counters')
    .set({ count: Number(row?.count ?? 0) })
    .where('owner_id', '=', ownerId)
    .where('scope', '=', scope)
    .where('month', '=', month)
    .execute();
}

/**
 * Gives `targets` (the owner's entries, read in this transaction) the status `status`; returns how
 * many changed. Run inside a transaction: the numbering and the counters change with the statuses.
 */
export async function applyStatus(
  trx: Tx,
  ownerId: string,
  targets: readonly StatusTarget[],
  status: FeedbackStatus,
): Promise<number> {
  const changed = targets.filter((row) => row.status !== status);
  if (changed.length === 0) return 0;
  // Only entries going into or out of spam change the numbering.
  const moved = changed.filter((row) => isSpam(row.status) !== isSpam(status));
  const scopes = scopesOf(moved);
  // A no-op update takes each counter's lock before anything changes, as the writer's upsert does.
  for (const { scope, month } of scopes) {
    await trx
      .updateTable('feedback_counters')
      .set((eb) => ({ count: eb.ref('count') }))
      .where('owner_id', '=', ownerId)
      .where('scope', '=', scope)
      .where('month', '=', month)
      .execute();
  }
  await trx
    .updateTable('feedback')
    .set(isSpam(status) ? { status, account_seq: 0, widget_seq: 0 } : { status })
    .where('owner_id', '=', ownerId)
    .where(
      'id',
      'in',
      changed.map((row) => row.id),
    )
    .execute();
  for (const month of new Set(scopes.map((scope) => scope.month))) await renumberMonth(trx, ownerId, month);
  for (const scope of scopes) await recount(trx, ownerId, scope);
  return changed.length;
}
