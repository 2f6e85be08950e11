/**
 * Feedback written, and how much of it was hidden when it was stored: feedback beyond the monthly
 * visible cap of the owner's plan is kept but hidden (docs/product.md, "FAQ"), until an upgrade,
 * the next month or a spam mark frees a place. Counted once its batch has committed, off the
 * visitor's request path. Only a row past the smallest cap of any plan can be hidden, so the
 * owner's plan is read for those rows alone.
 */
import type { Kysely } from 'kysely';
import { Counter, type Registry } from 'prom-client';
import type { PlanTable } from '../../src/shared/plans';
import type { Database, FeedbackRow } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Clock } from '../lib/time';
import { visibilityOf, type Visibility } from '../modules/feedback/feedback.service';
import { effectivePlan, readSubscription, type BillingMode } from '../modules/plans/plans.service';

export interface FeedbackMetricsDeps {
  registry: Registry;
  db: Kysely<Database>;
  plans: PlanTable;
  billingMode: BillingMode;
  clock: Clock;
  logger: Logger;
}

/** Per position column, the smallest monthly cap of any plan: a row at or below both is shown on every plan. */
function smallestCaps(plans: PlanTable): Record<Visibility['column'], number> {
  const caps = { account_seq: Infinity, widget_seq: Infinity };
  for (const plan of Object.values(plans)) {
    const visibility = visibilityOf(plan.limits);
    if (visibility) caps[visibility.column] = Math.min(caps[visibility.column], visibility.cap);
  }
  return caps;
}

export function createFeedbackMetrics({ registry, db, plans, billingMode, clock, logger }: FeedbackMetricsDeps) {
  const written = new Counter({
    name: 'tellbox_feedback_written_total',
    help: 'Feedback entries stored (committed) from visitors.',
    registers: [registry],
  });
  const hidden = new Counter({
    name: 'tellbox_feedback_hidden_total',
    help:
      "Feedback entries stored beyond the monthly visible cap of the owner's plan at the time, so kept but hidden. " +
      'Marking feedback spam is not counted, nor is the hidden entry it brings into view.',
    registers: [registry],
  });
  const caps = smallestCaps(plans);
  const mayBeHidden = (row: FeedbackRow) => row.account_seq > caps.account_seq || row.widget_seq > caps.widget_seq;
  const counting = new Set<Promise<void>>();

  async function countHidden(ownerId: string, rows: FeedbackRow[]) {
    try {
      const owner = await readSubscription(db, ownerId);
      const visibility = visibilityOf(effectivePlan(plans, owner, clock.now(), billingMode).limits);
      const beyondCap = visibility ? rows.filter((row) => row[visibility.column] > visibility.cap).length : 0;
      if (beyondCap > 0) hidden.inc(beyondCap);
    } catch (error) {
      // The account was deleted meanwhile, or the database is away: these rows go uncounted.
      logger.warn({ err: error, ownerId }, 'hidden feedback could not be counted for /metrics');
    }
  }

  return {
    /** The feedback writer's OnFeedbackCommitted. */
    onCommitted(rows: readonly FeedbackRow[]) {
      written.inc(rows.length);
      const byOwner = new Map<string, FeedbackRow[]>();
      for (const row of rows.filter(mayBeHidden)) {
        const ownerRows = byOwner.get(row.owner_id);
        if (ownerRows) ownerRows.push(row);
        else byOwner.set(row.owner_id, [row]);
      }
      for (const [ownerId, ownerRows] of byOwner) {
        const task = countHidden(ownerId, ownerRows).finally(() => counting.delete(task));
        counting.add(task);
      }
    },
    /** Resolves once every batch committed so far is counted, so a scrape includes every answered post. */
    async settled() {
      await Promise.all(counting);
    },
  };
}
