/**
 * `alert_windows`: per widget, whether an instant alert is due, when the last one left and up to
 * which feedback it held. A window is claimed with a lease by one conditional UPDATE, so with
 * several instances on one PostgreSQL exactly one of them sends it.
 *
 * `arrived_from` is how feedback stored while an alert is being sent is never lost: the feedback
 * hook lowers it to just before the earliest new row, the send's end sees it set and makes the
 * window due again, and the next claim folds it into `sent_until` (so a row that committed late,
 * created before what was sent, is still alerted, at worst alongside a few already sent).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Database, FeedbackRow } from '../../db/schema';

/** What a claim hands its instance. */
export interface ClaimedWindow {
  widgetId: string;
  workspaceId: string;
  lastSentAt: string | null;
  /** Feedback created after this has not been alerted. */
  sentUntil: string;
  lease: string;
}

const justBefore = (iso: string) => new Date(Date.parse(iso) - 1).toISOString();

/**
 * The feedback writer's hook: one upsert per batch, in its transaction, marking each widget of the
 * batch due now unless it already is (the alert loop decides whether the window allows a mail).
 */
export async function queueAlertWindows(trx: Transaction<Database>, rows: readonly FeedbackRow[], now: string) {
  const earliest = new Map<string, FeedbackRow>();
  for (const row of rows) {
    const seen = earliest.get(row.widget_id);
    if (!seen || row.created_at < seen.created_at) earliest.set(row.widget_id, row);
  }
  const values = [...earliest.values()]
    // Sorted, so two batches take the rows' locks in one order.
    .sort((a, b) => (a.widget_id < b.widget_id ? -1 : 1))
    .map((row) => ({
      widget_id: row.widget_id,
      workspace_id: row.workspace_id,
      due_at: now,
      sent_until: justBefore(row.created_at),
      arrived_from: null,
      last_sent_at: null,
      locked_until: null,
    }));
  await trx
    .insertInto('alert_windows')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('widget_id').doUpdateSet({
        due_at: sql`coalesce(alert_windows.due_at, excluded.due_at)`,
        arrived_from: sql`case when alert_windows.arrived_from is null or alert_windows.arrived_from > excluded.sent_until then excluded.sent_until else alert_windows.arrived_from end`,
      }),
    )
    .execute();
}

export function createAlertWindowsRepo(db: Kysely<Database>) {
  // A bare parameter in a CASE would reach PostgreSQL as text, which a timestamptz column refuses.
  const time =
    dialectOf(db) === 'postgres' ? (iso: string) => sql`cast(${iso} as timestamptz)` : (iso: string) => sql`${iso}`;

  return {
    /** Widgets whose alert is due (or whose lease ran out: its instance stopped mid-send). */
    async due(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('alert_windows')
        .select('widget_id')
        .where('due_at', '<=', now)
        .orderBy('due_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.widget_id);
    },

    /**
     * Takes a due window for `leaseUntil`, or returns undefined when another instance has it.
     * While leased it is due again at the lease's end, so a crashed send is retried.
     */
    async claim(
      trx: Transaction<Database>,
      widgetId: string,
      now: string,
      leaseUntil: string,
    ): Promise<ClaimedWindow | undefined> {
      const row = await trx
        .updateTable('alert_windows')
        .set({
          due_at: leaseUntil,
          locked_until: leaseUntil,
          sent_until: sql`case when arrived_from is not null and (sent_until is null or arrived_from < sent_until) then arrived_from else sent_until end`,
          arrived_from: null,
        })
        .where('widget_id', '=', widgetId)
        .where('due_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .returning(['widget_id', 'workspace_id', 'last_sent_at', 'sent_until'])
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        widgetId: row.widget_id,
        workspaceId: row.workspace_id,
        lastSentAt: row.last_sent_at,
        sentUntil: row.sent_until ?? new Date(0).toISOString(),
        lease: leaseUntil,
      };
    },

    /**
     * Gives the window back without recording a send: due at `dueAt`, or (null) only if feedback
     * arrived meanwhile, then at `now`.
     */
    async release(window: ClaimedWindow, dueAt: string | null, now: string, sentUntil?: string) {
      await db
        .updateTable('alert_windows')
        .set({
          due_at: dueAt ?? sql`case when arrived_from is null then null else ${time(now)} end`,
          locked_until: null,
          ...(sentUntil ? { sent_until: sentUntil } : {}),
        })
        .where('widget_id', '=', window.widgetId)
        .where('locked_until', '=', window.lease)
        .execute();
    },

    /** Records a sent alert; feedback that arrived meanwhile makes the window due at `nextDueAt`. */
    async sent(window: ClaimedWindow, sentAt: string, sentUntil: string, nextDueAt: string) {
      await db
        .updateTable('alert_windows')
        .set({
          last_sent_at: sentAt,
          sent_until: sentUntil,
          due_at: sql`case when arrived_from is null then null else ${time(nextDueAt)} end`,
          locked_until: null,
        })
        .where('widget_id', '=', window.widgetId)
        .where('locked_until', '=', window.lease)
        .execute();
    },
  };
}

export type AlertWindowsRepo = ReturnType<typeof createAlertWindowsRepo>;
