/**
 * BACKUP_EVERY: how often the server takes a backup, written as a whole number and a unit
 * (`45s`, `30m`, `6h`, `1d`). Seconds exist for tests and drills; real installations use hours.
 */
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export const BACKUP_EVERY_FORMAT = 'Use a whole number and a unit: 45s, 30m, 6h or 1d';

/** At most a year between backups: anything longer is a typo. */
const LONGEST_MS = 366 * UNIT_MS.d;

/** Milliseconds between backups, or undefined when `text` is not a duration we accept. */
export function parseBackupEvery(text: string): number | undefined {
  const match = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms > 0 && ms <= LONGEST_MS ? ms : undefined;
}
