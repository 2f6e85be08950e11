/**
 * Stores visitors' feedback in batches. Every feedback that arrives while a write is under way (or
 * in the same turn of the event loop) goes into the next transaction, which takes each one's place
 * in its account's and its widget's month from one counter upsert per group. A request is answered
 * only after its transaction has committed, so every 201 is a stored row; under load one commit
 * serves dozens of visitors (Plausible's write buffer does the same for events).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, FeedbackRow } from '../../db/schema';

export type NewFeedbackRow = Omit<FeedbackRow, 'account_seq' | 'widget_seq'> & { month: string };

interface Pending {
  row: NewFeedbackRow;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** At most this many rows per transaction; SQLite binds 11 values a row. */
const MAX_BATCH = 200;
const ROWS_PER_INSERT = 50;

/** Raises one monthly counter by `amount` and returns the new total. */
async function bump(trx: Transaction<Database>, ownerId: string, scope: string, month: string, amount: number) {
  const counter = await trx
    .insertInto('feedback_counters')
    .values({ owner_id: ownerId, scope, month, count: amount })
    .onConflict((conflict) =>
      conflict
        .columns(['owner_id', 'scope', 'month'])
        .doUpdateSet((eb) => ({ count: eb('feedback_counters.count', '+', amount) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return counter.count;
}

/** Groups rows by a key, keeping arrival order inside each group. */
function groupBy(rows: NewFeedbackRow[], keyOf: (row: NewFeedbackRow) => string) {
  const groups = new Map<string, NewFeedbackRow[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

async function writeBatch(db: Kysely<Database>, rows: NewFeedbackRow[]) {
  await db.transaction().execute(async (trx) => {
    const accountSeq = new Map<NewFeedbackRow, number>();
    const widgetSeq = new Map<NewFeedbackRow, number>();
    for (const group of groupBy(rows, (row) => `${row.owner_id} ${row.month}`).values()) {
      const first = group[0] as NewFeedbackRow;
      const total = await bump(trx, first.owner_id, 'account', first.month, group.length);
      group.forEach((row, index) => accountSeq.set(row, total - group.length + index + 1));
    }
    for (const group of groupBy(rows, (row) => `${row.widget_id} ${row.month}`).values()) {
      const first = group[0] as NewFeedbackRow;
      const total = await bump(trx, first.owner_id, first.widget_id, first.month, group.length);
      group.forEach((row, index) => widgetSeq.set(row, total - group.length + index + 1));
    }
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const values = rows.slice(start, start + ROWS_PER_INSERT).map(({ month: _month, ...row }, index) => {
        const original = rows[start + index] as NewFeedbackRow;
        return { ...row, account_seq: accountSeq.get(original) ?? 0, widget_seq: widgetSeq.get(original) ?? 0 };
      });
      await trx.insertInto('feedback').values(values).execute();
    }
  });
}

export function createFeedbackWriter(db: Kysely<Database>) {
  const queue: Pending[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        await writeBatch(
          db,
          batch.map((pending) => pending.row),
        );
        for (const pending of batch) pending.resolve();
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    writing = false;
  }

  return {
    /** Resolves once the row is committed; rejects if its transaction failed. */
    write(row: NewFeedbackRow): Promise<void> {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        // The first row of a batch waits one turn of the event loop for its companions.
        if (!writing && queue.length === 1) setImmediate(() => void drain());
      });
    },
  };
}

export type FeedbackWriter = ReturnType<typeof createFeedbackWriter>;
