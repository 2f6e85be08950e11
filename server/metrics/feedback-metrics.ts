/**
 * Feedback written, and how much of it was hidden when it was stored: feedback beyond the monthly
 * visible cap of the owner's plan is kept but hidden (docs/product.md, "FAQ") unless the owner
 * upgrades (feedback-visibility.ts). Counted once its batch has committed, off the
 * visitor's request path. Only a row past the smallest cap of any plan can be hidden, so the
 * owner's plan is read for those rows alone.
 */
import type { Kysely } from 'kysely';
import { Counter, type Registry } from 'prom-client';
import type { PlanTable } from '../../src/shared/plans';
import type { Database, FeedbackRow } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Clock } from '../lib/time';
import { isShown, mayBeHiddenByAnyPlan } from '../modules/plans/plans.service';
import { effectivePlan, readSubscription, type BillingMode } from '../modules/plans/plans.service';

export interface FeedbackMetricsDeps {
  registry: Registry;
  db: Kysely<Database>;
  plans: PlanTable;
  billingMode: BillingMode;
  clock: Clock;
  logger: Logger;
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
      'An upgrade that shows them is not counted.',
    registers: [registry],
  });
  const mayBeHidden = mayBeHiddenByAnyPlan(plans);
  const counting = new Set<Promise<void>>();

  async function countHidden(workspaceId: string, rows: FeedbackRow[]) {
    try {
      const owner = await readSubscription(db, workspaceId);
      const plan = effectivePlan(plans, owner, clock.now(), billingMode);
      const beyondCap = rows.filter((row) => !isShown(row, plan)).length;
      if (beyondCap > 0) hidden.inc(beyondCap);
    } catch (error) {
      // The account was deleted meanwhile, or the database is away: these rows go uncounted.
      logger.warn({ err: error, workspaceId }, 'hidden feedback could not be counted for /metrics');
    }
  }

  return {
    /** The feedback writer's OnFeedbackCommitted. */
    onCommitted(rows: readonly FeedbackRow[]) {
      written.inc(rows.length);
      const byOwner = new Map<string, FeedbackRow[]>();
      for (const row of rows.filter(mayBeHidden)) {
        const ownerRows = byOwner.get(row.workspace_id);
        if (ownerRows) ownerRows.push(row);
        else byOwner.set(row.workspace_id, [row]);
      }
      for (const [workspaceId, ownerRows] of byOwner) {
        const task = countHidden(workspaceId, ownerRows).finally(() => counting.delete(task));
        counting.add(task);
      }
    },
    /** Resolves once every batch committed so far is counted, so a scrape includes every answered post. */
    async settled() {
      await Promise.all(counting);
    },
  };
}
