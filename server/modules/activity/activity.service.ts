/**
 * The activity log: who did what in a workspace (members, roles, invitations, transfers, plan
 * changes, widget, post and webhook changes, deletions, status changes, assignments, replies and
 * exports). Owners and admins read it; entries are kept 365 days.
 */
import type { Kysely } from 'kysely';
import type { ActivityEntry, ActivityResponse } from '../../../src/shared/api';
import type { ActivityQuery } from '../../../src/shared/schemas';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor';
import { DAY_MS, addMs, type Clock } from '../../lib/time';

/** How long an entry is kept. */
export const ACTIVITY_KEPT_DAYS = 365;

/** Who did it: a member, or the installation itself (a billing provider's event, an admin). */
export interface Actor {
  id: string | null;
  name: string;
}

export interface ActivityTarget {
  type: string;
  id?: string;
  name?: string;
}

export interface ActivityRecord {
  workspaceId: string;
  actor: Actor;
  action: string;
  target: ActivityTarget;
}

function entryOf(row: Database['activity']): ActivityEntry {
  const target = JSON.parse(row.target) as ActivityTarget;
  return {
    _id: row.id,
    at: row.at,
    actor: { accountId: row.actor_id, name: row.actor_name },
    action: row.action,
    target,
  };
}

export function createActivityLog(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Records an entry, in `trx` when the change it describes is written in one. */
    async record(entry: ActivityRecord, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto('activity')
        .values({
          id: newId(),
          workspace_id: entry.workspaceId,
          at: clock.now().toISOString(),
          actor_id: entry.actor.id,
          actor_name: entry.actor.name,
          action: entry.action,
          target: JSON.stringify(entry.target),
        })
        .execute();
    },

    /** A page of the workspace's entries, newest first, within the kept year. */
    async list(workspaceId: string, query: ActivityQuery): Promise<ActivityResponse> {
      const after = query.cursor === undefined ? undefined : decodeKeysetCursor(query.cursor);
      const since = addMs(clock.now(), -ACTIVITY_KEPT_DAYS * DAY_MS).toISOString();
      const rows = await db
        .selectFrom('activity')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('at', '>=', since)
        .$if(after !== undefined, (q) =>
          q.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(after?.[0] ?? '', after?.[1] ?? ''))),
        )
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit + 1)
        .execute();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        entries: page.map(entryOf),
        nextCursor: rows.length > query.limit && last ? encodeKeysetCursor(last.at, last.id) : null,
      };
    },

    /** Deletes entries older than the kept year; returns how many. */
    async prune(): Promise<number> {
      const before = addMs(clock.now(), -ACTIVITY_KEPT_DAYS * DAY_MS).toISOString();
      const result = await db.deleteFrom('activity').where('at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;

export { createActivityRecorder } from './activity-recorder';
