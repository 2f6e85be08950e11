import type { Kysely } from 'kysely';

/**
 * Feedback marked spam keeps a place under the monthly cap (server/modules/feedback/
 * feedback-visibility.ts). Until now spam gave its place up: its `account_seq` and `widget_seq`
 * became 0, which every cap shows. Each such entry now takes the next places after its month's
 * last (per account and per widget), so what an owner sees today stays in view and the spam sits
 * behind it: hidden when the month is over its cap, shown when it is not. The month's counters
 * move on past the places given, so the next entry stored takes the place after them.
 *
 * Nothing else changes; `down` leaves the places as they are (numbering spam 0 again would only
 * re-open the hole this closes).
 */

interface SpamRow {
  id: string;
  owner_id: string;
  widget_id: string;
  created_at: string | Date;
}

/** The UTC calendar month (`YYYY-MM`) of a stored time, as the feedback writer keys its counters. */
const monthOf = (time: string | Date) => new Date(time).toISOString().slice(0, 7);

/** `[first instant, first instant of the next month)` of a `YYYY-MM` month. */
function monthRange(month: string): [string, string] {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  return [
    new Date(Date.UTC(year, monthIndex - 1, 1)).toISOString(),
    new Date(Date.UTC(year, monthIndex, 1)).toISOString(),
  ];
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<{
    feedback: SpamRow & { status: string; account_seq: number; widget_seq: number };
    feedback_counters: { owner_id: string; scope: string; month: string; count: number };
  }>;
  const spam = await db
    .selectFrom('feedback')
    .select(['id', 'owner_id', 'widget_id', 'created_at'])
    .where('status', '=', 'spam')
    .where((eb) => eb.or([eb('account_seq', '=', 0), eb('widget_seq', '=', 0)]))
    .orderBy('owner_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

  /** The last place given in a counter (`owner`, `scope`, `month`), read from the entries once. */
  const lastPlace = new Map<string, number>();
  async function nextPlace(ownerId: string, scope: string, month: string): Promise<number> {
    const key = JSON.stringify([ownerId, scope, month]);
    let last = lastPlace.get(key);
    if (last === undefined) {
      const [from, to] = monthRange(month);
      const column = scope === 'account' ? 'account_seq' : 'widget_seq';
      const row = await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.max(column).as('last'))
        .where('owner_id', '=', ownerId)
        .$if(scope !== 'account', (query) => query.where('widget_id', '=', scope))
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .executeTakeFirst();
      last = Number(row?.last ?? 0);
    }
    lastPlace.set(key, last + 1);
    return last + 1;
  }

  for (const row of spam) {
    const month = monthOf(row.created_at);
    await db
      .updateTable('feedback')
      .set({
        account_seq: await nextPlace(row.owner_id, 'account', month),
        widget_seq: await nextPlace(row.owner_id, row.widget_id, month),
      })
      .where('id', '=', row.id)
      .execute();
  }

  for (const [key, count] of lastPlace) {
    const [ownerId, scope, month] = JSON.parse(key) as [string, string, string];
    await db
      .insertInto('feedback_counters')
      .values({ owner_id: ownerId, scope, month, count })
      .onConflict((conflict) => conflict.columns(['owner_id', 'scope', 'month']).doUpdateSet({ count }))
      .execute();
  }
}

export async function down(): Promise<void> {
  // The places stay: see above.
}
