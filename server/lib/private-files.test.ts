import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createPrivateFile, makePrivateDir, tightenToPrivate } from './private-files';

let root: string;
let umask: number;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tellbox-private-files-'));
  // The most open umask there is: the modes given at creation must hold on their own.
  umask = process.umask(0);
});

afterEach(() => {
  process.umask(umask);
  fs.rmSync(root, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('private files', () => {
  test('folders are made 0700, missing parents included, and files 0600, even with umask 0', () => {
    const dir = path.join(root, 'srv', 'data');
    makePrivateDir(dir);
    createPrivateFile(path.join(dir, 'tellbox.sqlite'));
    expect([modeOf(path.join(root, 'srv')), modeOf(dir), modeOf(path.join(dir, 'tellbox.sqlite'))]).toEqual([
      0o700, 0o700, 0o600,
    ]);
  });

  test('an existing file is left as it is, content and all', () => {
    const file = path.join(root, 'tellbox.sqlite');
    fs.writeFileSync(file, 'data', { mode: 0o640 });
    createPrivateFile(file);
    expect(fs.readFileSync(file, 'utf8')).toBe('data');
    expect(modeOf(file)).toBe(0o640);
  });

  test('tightening takes group and others out, never widens, skips what is missing, and says what changed', () => {
    const data = path.join(root, 'data');
    fs.mkdirSync(path.join(data, 'outbox'), { recursive: true, mode: 0o750 });
    fs.chmodSync(data, 0o755);
    fs.writeFileSync(path.join(data, 'tellbox.sqlite'), '', { mode: 0o644 });
    fs.writeFileSync(path.join(data, 'secret.key'), '', { mode: 0o400 });
    fs.writeFileSync(path.join(data, 'outbox', 'a.eml'), '', { mode: 0o666 });
    const elsewhere = path.join(root, 'elsewhere.sqlite');
    fs.writeFileSync(elsewhere, '', { mode: 0o604 });

    const result = tightenToPrivate({
      dirs: [data, path.join(data, 'outbox'), path.join(root, 'no-backups-yet')],
      files: [elsewhere, `${elsewhere}-wal`],
    });

    expect(result).toEqual({
      tightened: [
        `${data} 0755 → 0700`,
        `${path.join(data, 'tellbox.sqlite')} 0644 → 0600`,
        `${path.join(data, 'outbox')} 0750 → 0700`,
        `${path.join(data, 'outbox', 'a.eml')} 0666 → 0600`,
        `${elsewhere} 0604 → 0600`,
      ],
      refused: [],
    });
    expect(modeOf(path.join(data, 'secret.key'))).toBe(0o400);
    expect(tightenToPrivate({ dirs: [data, path.join(data, 'outbox')], files: [elsewhere] })).toEqual({
      tightened: [],
      refused: [],
    });
  });

  test("a shared folder (sticky bit, as /tmp) and another user's file are left as they are, and said", () => {
    const shared = path.join(root, 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    const theirs = path.join(shared, 'theirs.txt');
    fs.writeFileSync(theirs, '', { mode: 0o644 });
    // Another user's, as root can make it; a test run as another user can only make its own.
    const owned = process.getuid?.() === 0;
    if (owned) fs.chownSync(theirs, 65534, 65534);

    const result = tightenToPrivate({ dirs: [shared], files: [] });

    expect(modeOf(shared)).toBe(0o777);
    expect(result.refused[0]).toBe(`${shared} 01777: a shared folder (sticky bit), left as it is`);
    if (owned) {
      expect(modeOf(theirs)).toBe(0o644);
      expect(result.refused[1]).toBe(`${theirs} 0644: owned by another user, left as it is`);
    }
  });
});
