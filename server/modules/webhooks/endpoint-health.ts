/**
 * An endpoint's run of failures: when it began, and switching the endpoint off once it has failed
 * for DISABLE_AFTER_FAILING_MS, so a dead endpoint stops costing retries and its owner hears of it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DISABLE_AFTER_FAILING_MS } from './retry-schedule';

export const DISABLED_REASON = 'Switched off by Tellbox after failing for 3 days. Fix the endpoint, then turn it on.';

export interface DisabledEndpoint {
  id: string;
  workspaceId: string;
  url: string;
}

export function createEndpointHealth(db: Kysely<Database>) {
  return {
    async succeeded(endpointId: string): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', endpointId)
        .where('failing_since', 'is not', null)
        .execute();
    },

    /** Notes a failure at `now`; returns the endpoint when this failure switched it off. */
    async failed(endpointId: string, now: Date): Promise<DisabledEndpoint | null> {
      await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: now.toISOString() })
        .where('id', '=', endpointId)
        .where('failing_since', 'is', null)
        .execute();
      // Only the instance whose update switches it off tells the owner.
      const disabled = await db
        .updateTable('webhook_endpoints')
        .set({ active: 0, disabled_reason: DISABLED_REASON, updated_at: now.toISOString() })
        .where('id', '=', endpointId)
        .where('active', '=', 1)
        .where('failing_since', '<=', new Date(now.getTime() - DISABLE_AFTER_FAILING_MS).toISOString())
        .returning(['id', 'workspace_id', 'url'])
        .executeTakeFirst();
      return disabled ? { id: disabled.id, workspaceId: disabled.workspace_id, url: disabled.url } : null;
    },
  };
}

export type EndpointHealth = ReturnType<typeof createEndpointHealth>;
