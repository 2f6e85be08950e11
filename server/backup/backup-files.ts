/**
 * Backups and restores write a file beside where it belongs and rename it into place once it is
 * whole and checked, so no reader ever finds half a file under the real name.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from './backup-report';

/** A hidden temporary name in the same folder as `file` (a rename never crosses file systems). */
export function tempPathBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
}

/** Flushes a file, then its folder, to disk, so a rename after it survives a power cut. */
export async function syncToDisk(file: string): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function syncFolder(folder: string): Promise<void> {
  // Not every platform lets a folder be opened for fsync; the rename is still atomic there.
  await syncToDisk(folder).catch(() => undefined);
}

export async function removeQuietly(...files: string[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file, { force: true })));
}

export async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Refuses to write over an existing file: a backup never replaces another one by accident. */
export async function assertFree(file: string): Promise<void> {
  if (await exists(file)) throw new BackupError(`${file} already exists: choose another file name.`);
}
