/**
 * Which instance takes the scheduled backups when several share one PostgreSQL database.
 *
 * Chosen: a session-level advisory lock (`pg_try_advisory_lock`) held on a connection of its own
 * for as long as the instance runs. The instance that holds it takes every backup; the others try
 * to take the lock at each of their slots and skip the slot while someone holds it. A per-slot
 * lock would not do: an instance whose timer fires a moment after the first one finished would
 * find the lock free and take the same slot again. A row lease would need a table of its own; the
 * advisory lock needs none, and PostgreSQL frees it by itself when the holder's connection ends
 * (the instance stopped or died), so the next instance takes over at its next slot.
 *
 * The key is the schema's name, so installations sharing one database in different schemas each
 * take their own backups.
 */
import pg from 'pg';
import type { Logger } from '../lib/logger';

export interface BackupLeadership {
  /** Whether this instance takes the backup now: it holds the lock, or has just taken it. */
  lead(): Promise<boolean>;
  /** Lets the lock go (and its connection). */
  close(): Promise<void>;
}

const LOCK = "hashtext('tellbox:backups:' || current_database() || '.' || coalesce(current_schema(), ''))";

export function postgresLeadership(url: string, logger: Logger): BackupLeadership {
  let client: pg.Client | undefined;

  const drop = async () => {
    const closing = client;
    client = undefined;
    await closing?.end().catch(() => undefined);
  };

  return {
    async lead() {
      if (client) {
        try {
          // Still leading as long as the connection that holds the lock answers.
          await client.query('select 1');
          return true;
        } catch {
          await drop();
        }
      }
      const candidate = new pg.Client({ connectionString: url, application_name: 'tellbox-backup-lock' });
      // A connection that drops while idle loses the lock: the next slot finds out and tries again.
      candidate.on('error', () => undefined);
      try {
        await candidate.connect();
        const { rows } = await candidate.query<{ ok: boolean }>(`select pg_try_advisory_lock(${LOCK}) as ok`);
        if (rows[0]?.ok) {
          client = candidate;
          logger.info('this instance takes the scheduled backups');
          return true;
        }
      } catch (error) {
        await candidate.end().catch(() => undefined);
        throw error;
      }
      await candidate.end();
      return false;
    },
    close: drop,
  };
}

/** SQLite has one instance: it always takes its backups. */
export const soleInstance: BackupLeadership = { lead: () => Promise.resolve(true), close: () => Promise.resolve() };
