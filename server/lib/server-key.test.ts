import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createSecretBox } from './secret-box';
import { KEY_FILE_NAME, loadServerKey } from './server-key';

let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tellbox-server-key-'));
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the server key', () => {
  test('without SECRET_KEY, the first start creates DATA_DIR/secret.key: 32 random bytes in hex, mode 0600', () => {
    const dataDir = path.join(root, 'not', 'yet', 'there');
    const key = loadServerKey({ secretKey: undefined, dataDir });
    expect(key).toHaveLength(32);
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${key.toString('hex')}\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual([KEY_FILE_NAME]);
  });

  test('later starts read the same key, so secrets sealed before a restart still open', () => {
    const first = loadServerKey({ secretKey: undefined, dataDir: root });
    const sealed = createSecretBox(first).seal('whsec_abc');
    const before = fs.readFileSync(path.join(root, KEY_FILE_NAME), 'utf8');
    const second = loadServerKey({ secretKey: undefined, dataDir: root });
    expect(second.equals(first)).toBe(true);
    expect(fs.readFileSync(path.join(root, KEY_FILE_NAME), 'utf8')).toBe(before);
    expect(createSecretBox(second).open(sealed)).toBe('whsec_abc');
  });

  test('each data directory gets its own key', () => {
    const one = loadServerKey({ secretKey: undefined, dataDir: path.join(root, 'one') });
    const two = loadServerKey({ secretKey: undefined, dataDir: path.join(root, 'two') });
    expect(one.equals(two)).toBe(false);
  });

  test('SECRET_KEY wins over the key file and writes nothing', () => {
    const fromFile = loadServerKey({ secretKey: undefined, dataDir: root });
    const secretKey = 'a shared secret for every instance, 32+ chars';
    const fromSetting = loadServerKey({ secretKey, dataDir: root });
    expect(fromSetting).toHaveLength(32);
    expect(fromSetting.equals(fromFile)).toBe(false);
    expect(loadServerKey({ secretKey, dataDir: path.join(root, 'elsewhere') }).equals(fromSetting)).toBe(true);
    expect(fs.existsSync(path.join(root, 'elsewhere'))).toBe(false);
    expect(loadServerKey({ secretKey: `${secretKey}!`, dataDir: root }).equals(fromSetting)).toBe(false);
  });

  test('a damaged key file stops the start with a message naming it, and is left as it was', () => {
    const file = path.join(root, KEY_FILE_NAME);
    fs.writeFileSync(file, 'not a key\n');
    expect(() => loadServerKey({ secretKey: undefined, dataDir: root })).toThrow(
      `${file} must hold the server key as 64 hexadecimal digits`,
    );
    expect(fs.readFileSync(file, 'utf8')).toBe('not a key\n');
  });
});
