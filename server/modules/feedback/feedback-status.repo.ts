/**
 * Changing feedback's status. A status is the owner's triage and nothing more: an entry keeps the
 * place under the monthly cap it was given when it was stored (feedback-visibility.ts), so marking
 * it spam neither frees that place nor brings a hidden entry into view. Nothing is deleted.
 */
import type { FeedbackStatus } from '../../../src/shared/feedback-status';
import type { Tx } from '../../db/transaction';

/** An entry whose status is to change, as it is now. */
export interface StatusTarget {
  id: string;
  status: FeedbackStatus;
}

/**
 * Gives `targets` (the owner's visible entries, read in this transaction) the status `status`;
 * returns how many changed.
 */
export async function applyStatus(
  trx: Tx,
  workspaceId: string,
  targets: readonly StatusTarget[],
  status: FeedbackStatus,
): Promise<number> {
  const changed = targets.filter((row) => row.status !== status);
  if (changed.length === 0) return 0;
  await trx
    .updateTable('feedback')
    .set({ status })
    .where('workspace_id', '=', workspaceId)
    .where(
      'id',
      'in',
      changed.map((row) => row.id),
    )
    .execute();
  return changed.length;
}
