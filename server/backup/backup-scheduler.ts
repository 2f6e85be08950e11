/**
 * Scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP): at every multiple of BACKUP_EVERY
 * since the epoch in UTC (every 6h: 00:00, 06:00, 12:00, 18:00), a verified backup into
 * BACKUP_DIR, then the oldest scheduled backups beyond BACKUP_KEEP are deleted. Each backup is
 * logged on one info line with its size and rows per table. A failed backup is logged as an
 * error, its partial file removed, and the server goes on; the next slot tries again.
 *
 * On SQLite the whole file is copied in one step on a connection of our own (see
 * sqlite-backup.ts): the instance's event loop waits for that copy, roughly the time it takes to
 * read the file from disk.
 */
import path from 'node:path';
import type { BackupSchedule, DatabaseConfig } from '../config';
import type { Logger } from '../lib/logger';
import { postgresLeadership, soleInstance } from './backup-leadership';
import { BackupError, reportLogFields } from './backup-report';
import { removeOldBackups, scheduledFileName } from './backup-rotation';
import { takeBackup } from './take-backup';

/** setTimeout's longest delay; longer waits are taken in pieces. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

export interface BackupScheduler {
  /** Stops the timer, stops a backup under way (its partial file is removed) and lets go of the lock. */
  stop(): Promise<void>;
}

export interface BackupSchedulerOptions {
  schedule: BackupSchedule;
  database: DatabaseConfig;
  logger: Logger;
}

export function startBackupScheduler({ schedule, database, logger }: BackupSchedulerOptions): BackupScheduler {
  const leadership = database.kind === 'postgres' ? postgresLeadership(database.url, logger) : soleInstance;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const takeSlot = async (slot: Date) => {
    const file = path.join(schedule.dir, scheduledFileName(slot, database.kind));
    try {
      if (!(await leadership.lead())) return;
      const started = performance.now();
      const report = await takeBackup(database, file, stopping.signal);
      const removed = await removeOldBackups(schedule.dir, schedule.keep);
      logger.info(
        { ...reportLogFields(report), ms: Math.round(performance.now() - started), removed },
        'backup taken and verified',
      );
    } catch (error) {
      const details = error instanceof BackupError ? { reason: error.message } : { err: error };
      logger.error({ ...details, file }, 'backup failed; the server goes on and tries again at the next time');
    }
  };

  const arm = () => {
    if (stopping.signal.aborted) return;
    const next = (Math.floor(Date.now() / schedule.everyMs) + 1) * schedule.everyMs;
    timer = setTimeout(
      () => {
        if (Date.now() < next) return arm();
        running = takeSlot(new Date(next)).finally(() => {
          running = undefined;
          arm();
        });
      },
      Math.min(next - Date.now(), LONGEST_TIMEOUT_MS),
    );
    // Waiting for the next backup never keeps a stopping process alive.
    timer.unref();
  };
  arm();

  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
      await leadership.close();
    },
  };
}
