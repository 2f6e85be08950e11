/**
 * Names and rotation of scheduled backups: `tellbox-20250131T060000Z.sqlite` (or `.pgdump`), the
 * time of the backup's slot in UTC, so file names sort in time order. Rotation deletes only files
 * of that shape, never anything else an admin keeps in the folder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseConfig } from '../config';

const SCHEDULED = /^tellbox-\d{8}T\d{6}Z\.(sqlite|pgdump)$/;

export function scheduledFileName(at: Date, kind: DatabaseConfig['kind']): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll('-', '')
    .replaceAll(':', '');
  return `tellbox-${stamp}.${kind === 'postgres' ? 'pgdump' : 'sqlite'}`;
}

/** Deletes all but the newest `keep` scheduled backups in `dir`; returns the names it deleted. */
export async function removeOldBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.readdir(dir)).filter((name) => SCHEDULED.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  await Promise.all(old.map((name) => fs.rm(path.join(dir, name), { force: true })));
  return old;
}
