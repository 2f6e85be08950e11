/**
 * The server's root key (32 bytes), from which secret-box.ts derives its encryption and signing
 * keys. It comes from SECRET_KEY when set (several instances must share it), or else from
 * DATA_DIR/secret.key, made on first start. Losing or changing it makes stored webhook secrets
 * unreadable and old unsubscribe links invalid, so neither source is ever overwritten.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, makePrivateDir } from './private-files';

export const KEY_FILE_NAME = 'secret.key';
const KEY_BYTES = 32;

export interface ServerKeySource {
  /** SECRET_KEY: wins over the key file. */
  secretKey: string | undefined;
  dataDir: string;
}

/** SECRET_KEY is text of any shape (at least 32 characters): HKDF makes it 32 uniform bytes. */
function keyFromSetting(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'tellbox', 'tellbox server key v1', KEY_BYTES));
}

function readKeyFile(file: string): Buffer {
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(text)) {
    throw new Error(
      `${file} must hold the server key as 64 hexadecimal digits. Restore it from a backup: a new key ` +
        'makes stored webhook secrets unreadable.',
    );
  }
  return Buffer.from(text, 'hex');
}

/**
 * Writes a new key file without ever replacing one: the key goes to a private temporary file that
 * is then hard-linked into place, which fails if another process got there first.
 */
function createKeyFile(file: string): void {
  makePrivateDir(path.dirname(file));
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const descriptor = fs.openSync(temporary, 'wx', PRIVATE_FILE_MODE);
  try {
    fs.writeSync(descriptor, `${randomBytes(KEY_BYTES).toString('hex')}\n`);
    fs.fsyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.unlinkSync(temporary);
  }
}

/** The root key: from SECRET_KEY, or from DATA_DIR/secret.key, created (mode 0600) when missing. */
export function loadServerKey(source: ServerKeySource): Buffer {
  if (source.secretKey) return keyFromSetting(source.secretKey);
  const file = path.join(source.dataDir, KEY_FILE_NAME);
  if (!fs.existsSync(file)) createKeyFile(file);
  return readKeyFile(file);
}
