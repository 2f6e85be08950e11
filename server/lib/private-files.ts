/**
 * What Tellbox keeps on disk is for the user it runs as alone: the outbox holds live password-reset
 * links, the database every account, the backups a copy of it, secret.key the server's key. So its
 * folders are made 0700 and its files 0600. Modes given at creation are cut by the umask, never
 * widened, so they hold whatever the umask; an installation made before this rule is tightened at
 * start (tightenToPrivate).
 */
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** A folder anyone may write into, each keeping their own files (/tmp). */
const STICKY_BIT = 0o1000;
/** Bits that let anyone but the owner in. */
const OTHERS_BITS = 0o077;

/** Makes `dir` (and its missing parents) as a private folder; an existing one is left as it is. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates `file` empty and private when it does not exist. For a file another program then writes
 * into (SQLite, pg_dump), which would otherwise make it 0644; SQLite gives a database's -wal,
 * -shm and -journal the database file's mode.
 */
export function createPrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

export interface PrivatePlaces {
  /** Tellbox's own folders: each, and every file directly in it. */
  dirs: string[];
  /** Files elsewhere (a SQLite database outside DATA_DIR and its -wal, -shm). */
  files: string[];
}

const octal = (mode: number) => `0${(mode & 0o7777).toString(8)}`;

export interface Tightening {
  /** One entry per change: "/srv/data 0755 → 0700". */
  tightened: string[];
  /** What could not be changed (another user's file, a share without modes): "/mnt/b 0755: EPERM". */
  refused: string[];
}

/**
 * Makes what already exists of `places` private: folders 0700, files 0600, where group or others
 * could get in. Symbolic links are followed; missing paths are skipped. Both lists are empty when
 * everything was private already.
 */
export function tightenToPrivate(places: PrivatePlaces): Tightening {
  const result: Tightening = { tightened: [], refused: [] };
  const seen = new Set<string>();
  const tighten = (target: string, wanted: number) => {
    if (seen.has(target) || !fs.existsSync(target)) return;
    seen.add(target);
    const { mode, uid } = fs.statSync(target);
    if ((mode & OTHERS_BITS) === 0) return;
    // Never another user's file, nor a shared folder such as /tmp (sticky bit) named as DATA_DIR:
    // as root, a chmod there would lock everyone else out of their own things.
    if (typeof process.getuid === 'function' && uid !== process.getuid()) {
      result.refused.push(`${target} ${octal(mode)}: owned by another user, left as it is`);
      return;
    }
    if ((mode & STICKY_BIT) !== 0) {
      result.refused.push(`${target} ${octal(mode)}: a shared folder (sticky bit), left as it is`);
      return;
    }
    try {
      fs.chmodSync(target, wanted);
      result.tightened.push(`${target} ${octal(mode)} → ${octal(wanted)}`);
    } catch (error) {
      result.refused.push(`${target} ${octal(mode)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  };
  for (const dir of places.dirs) {
    tighten(dir, PRIVATE_DIR_MODE);
    const entries = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : [];
    for (const entry of entries) if (entry.isFile()) tighten(path.join(dir, entry.name), PRIVATE_FILE_MODE);
  }
  for (const file of places.files) tighten(file, PRIVATE_FILE_MODE);
  return result;
}
