/**
 * Stores visitors' feedback in batches. Every feedback that arrives while a write is under way (or
 * in the same turn of the event loop) goes into the next transaction, which takes each one's place
 * in its account's and its widget's month from one upsert that raises all the batch's counters. A
 * request is answered only after its transaction has committed, so every 201 is a stored row;
 * under load one commit serves dozens of visitors (Plausible's write buffer does the same for
 * events).
 *
 * A batch mixes the visitors of many owners, so one bad row must never fail the others: a row whose
 * widget was deleted since its config was read is set aside before the insert, and if a batch still
 * fails, its rows are written again one by one so that only the bad one fails.
 */
import type { Kysely, Transaction } from 'kysely';
import { createTransactor, type Transactor } from '../../db/transaction';
import { dialectOf } from '../../db/dialect';
import type { Database, FeedbackRow } from '../../db/schema';

export type NewFeedbackRow = Omit<FeedbackRow, 'account_seq' | 'widget_seq' | 'status' | 'assignee_id'> & {
  month: string;
};

/**
 * Runs inside a batch's transaction after its rows are inserted, so what it queues (alerts,
 * webhook deliveries) commits with the feedback or not at all: nothing is lost between the two.
 */
export type AfterFeedbackInsert = (trx: Transaction<Database>, rows: readonly FeedbackRow[]) => Promise<void>;

/** `stored`: committed. `widget-missing`: the widget no longer exists, nothing was stored. */
export type WriteOutcome = 'stored' | 'widget-missing';

interface Pending {
  row: NewFeedbackRow;
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: unknown) => void;
}

/** At most this many rows per transaction; SQLite binds 11 values a row. */
const MAX_BATCH = 200;
const ROWS_PER_INSERT = 50;

/** One monthly counter and the rows that take their places in it, in arrival order. */
interface CounterGroup {
  workspaceId: string;
  /** `account`, or a widget id. */
  scope: string;
  month: string;
  rows: NewFeedbackRow[];
}

/** The key that names one counter in a map. */
const counterKey = (workspaceId: string, scope: string, month: string) => JSON.stringify([workspaceId, scope, month]);

/**
 * Raises every group's monthly counter by its number of rows, in one statement (one round trip on
 * PostgreSQL), and returns each counter's new total by counterKey. The rows are listed in the
 * groups' order, which is the order their row locks are taken in.
 */
async function bumpAll(trx: Transaction<Database>, groups: CounterGroup[]): Promise<Map<string, number>> {
  if (groups.length === 0) return new Map();
  const counters = await trx
    .insertInto('feedback_counters')
    .values(
      groups.map((group) => ({
        workspace_id: group.workspaceId,
        scope: group.scope,
        month: group.month,
        count: group.rows.length,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['workspace_id', 'scope', 'month'])
        .doUpdateSet((eb) => ({ count: eb('feedback_counters.count', '+', eb.ref('excluded.count')) })),
    )
    .returning(['workspace_id', 'scope', 'month', 'count'])
    .execute();
  return new Map(
    counters.map((counter) => [counterKey(counter.workspace_id, counter.scope, counter.month), counter.count]),
  );
}

/**
 * The account and widget counters the rows raise, sorted by (owner, scope, month): every writer
 * takes the counters' row locks in this one order, so two writers (two server processes on
 * PostgreSQL) can never each hold a counter the other is waiting for.
 */
export function counterGroupsOf(rows: NewFeedbackRow[]): CounterGroup[] {
  const groups = new Map<string, CounterGroup>();
  const add = (row: NewFeedbackRow, scope: string) => {
    const key = counterKey(row.workspace_id, scope, row.month);
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { workspaceId: row.workspace_id, scope, month: row.month, rows: [row] });
  };
  for (const row of rows) {
    add(row, 'account');
    add(row, row.widget_id);
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...groups.values()].sort(
    (a, b) => order(a.workspaceId, b.workspaceId) || order(a.scope, b.scope) || order(a.month, b.month),
  );
}

/**
 * The ids among `widgetIds` that still exist. On PostgreSQL their rows are locked against a delete
 * (FOR KEY SHARE, which the feedback's foreign key takes anyway) until the batch commits: a widget
 * deleted between this read and the insert would fail the whole batch on its foreign key. A delete
 * waits, then takes the batch's entries with the widget. SQLite has one writer at a time: nothing
 * can come between.
 */
async function existingWidgets(trx: Transaction<Database>, widgetIds: string[]): Promise<Set<string>> {
  const query = trx.selectFrom('widgets').select('id').where('id', 'in', widgetIds);
  const rows = await (dialectOf(trx) === 'postgres' ? query.forKeyShare() : query).execute();
  return new Set(rows.map((row) => row.id));
}

/** Told once a batch has committed, with the rows it stored (the metrics count them). */
export type OnFeedbackCommitted = (rows: readonly FeedbackRow[]) => void;

/** Writes the rows whose widget still exists, in one transaction; returns the rows it stored. */
async function writeBatch(
  transact: Transactor,
  rows: NewFeedbackRow[],
  afterInsert: readonly AfterFeedbackInsert[],
): Promise<FeedbackRow[]> {
  return transact(async (trx) => {
    const existing = await existingWidgets(trx, [...new Set(rows.map((row) => row.widget_id))]);
    const kept = rows.filter((row) => existing.has(row.widget_id));
    const accountSeq = new Map<NewFeedbackRow, number>();
    const widgetSeq = new Map<NewFeedbackRow, number>();
    const groups = counterGroupsOf(kept);
    const totals = await bumpAll(trx, groups);
    for (const group of groups) {
      const key = counterKey(group.workspaceId, group.scope, group.month);
      const total = totals.get(key);
      if (total === undefined) throw new Error(`the counter ${key} was raised but not returned`);
      const seq = group.scope === 'account' ? accountSeq : widgetSeq;
      group.rows.forEach((row, index) => seq.set(row, total - group.rows.length + index + 1));
    }
    const inserted: FeedbackRow[] = kept.map((original) => {
      const { month: _month, ...row } = original;
      return {
        ...row,
        account_seq: accountSeq.get(original) ?? 0,
        widget_seq: widgetSeq.get(original) ?? 0,
        status: 'new',
        assignee_id: null,
      };
    });
    for (let start = 0; start < inserted.length; start += ROWS_PER_INSERT) {
      await trx
        .insertInto('feedback')
        .values(inserted.slice(start, start + ROWS_PER_INSERT))
        .execute();
    }
    if (inserted.length > 0) for (const hook of afterInsert) await hook(trx, inserted);
    return inserted;
  });
}

/** Writes a batch; when it fails as a whole, each row alone, so only a bad row fails. */
async function settleBatch(
  transact: Transactor,
  batch: Pending[],
  afterInsert: readonly AfterFeedbackInsert[],
  onCommitted?: OnFeedbackCommitted,
) {
  try {
    const inserted = await writeBatch(
      transact,
      batch.map((pending) => pending.row),
      afterInsert,
    );
    if (inserted.length > 0) onCommitted?.(inserted);
    const stored = new Set(inserted.map((row) => row.id));
    for (const pending of batch) pending.resolve(stored.has(pending.row.id) ? 'stored' : 'widget-missing');
    return;
  } catch (error) {
    if (batch.length === 1) {
      batch[0]?.reject(error);
      return;
    }
  }
  for (const pending of batch) await settleBatch(transact, [pending], afterInsert, onCommitted);
}

export function createFeedbackWriter(
  db: Kysely<Database>,
  afterInsert: readonly AfterFeedbackInsert[] = [],
  onCommitted?: OnFeedbackCommitted,
) {
  const transact = createTransactor(db);
  const queue: Pending[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (queue.length > 0) await settleBatch(transact, queue.splice(0, MAX_BATCH), afterInsert, onCommitted);
    writing = false;
  }

  return {
    /** Resolves once its transaction has committed (`widget-missing` when its widget is gone); rejects if it failed. */
    write(row: NewFeedbackRow): Promise<WriteOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        // The first row of a batch waits one turn of the event loop for its companions.
        if (!writing && queue.length === 1) setImmediate(() => void drain());
      });
    },
  };
}

export type FeedbackWriter = ReturnType<typeof createFeedbackWriter>;
