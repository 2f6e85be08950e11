import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, test } from 'vitest';
import { SQLITE_PRAGMAS, openSqlite } from './connection';
import { migrateToLatest } from './migrate';
import { MIGRATIONS } from './migrations';

const dirs: string[] = [];
function tempFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tellbox-migrate-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'tellbox.sqlite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  test('build the whole schema from an empty file, and a second start applies nothing', async () => {
    const file = tempFile();
    const first = openSqlite(file);
    expect(await migrateToLatest(first.db)).toEqual(Object.keys(MIGRATIONS));
    await first.close();

    const second = openSqlite(file);
    expect(await migrateToLatest(second.db)).toEqual([]);
    await second.close();

    const sqlite = new BetterSqlite3(file, { readonly: true });
    const tables = sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'kysely_%' and name not like 'sqlite_%' order by name",
      )
      .all()
      .map((row) => (row as { name: string }).name);
    expect(tables).toEqual([
      'activity',
      'alert_windows',
      'billing_events',
      'checkout_sessions',
      'early_access',
      'email_tokens',
      'feedback',
      'feedback_counters',
      'feedback_notes',
      'feedback_replies',
      // The full-text index over feedback (migration 007): FTS5's table and its shadow tables.
      'feedback_search',
      'feedback_search_config',
      'feedback_search_data',
      'feedback_search_idx',
      'feedback_search_terms',
      'installations',
      'notification_settings',
      'posts',
      'sessions',
      'users',
      'webhook_attempts',
      'webhook_deliveries',
      'webhook_endpoints',
      'widgets',
      'workspace_invitations',
      'workspace_members',
      'workspaces',
    ]);
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    sqlite.close();
  });

  test('the connection runs in WAL mode with foreign keys and a busy timeout', async () => {
    const file = tempFile();
    const { db, close } = openSqlite(file);
    await migrateToLatest(db);
    await close();
    const sqlite = new BetterSqlite3(file);
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    sqlite.close();
    // foreign_keys and busy_timeout are per connection: read them through a fresh one of ours.
    const opened = openSqlite(file);
    const pragmas = await import('kysely').then(({ sql }) =>
      Promise.all([
        sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(opened.db),
        sql<{ timeout: number }>`pragma busy_timeout`.execute(opened.db),
        sql<{ synchronous: number }>`pragma synchronous`.execute(opened.db),
      ]),
    );
    expect(pragmas[0].rows[0]?.foreign_keys).toBe(1);
    expect(pragmas[1].rows[0]?.timeout).toBe(SQLITE_PRAGMAS.busy_timeout);
    expect(pragmas[2].rows[0]?.synchronous).toBe(1); // NORMAL
    await opened.close();
  });
});
