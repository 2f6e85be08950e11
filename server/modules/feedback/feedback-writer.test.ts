import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import type { Database } from '../../db/schema';
import { createFeedbackWriter, type NewFeedbackRow } from './feedback-writer';
import { createWorkspace } from '../workspaces/workspaces.service';

const NOW = '2026-11-05T10:00:00.000Z';
const MONTH = '2026-11';

let db: Kysely<Database>;
/** The parameters of every counter upsert (four per counter), in the order they ran. */
let counterUpserts: unknown[][];

beforeEach(async () => {
  const sqlite = new BetterSqlite3(':memory:');
  sqlite.pragma('foreign_keys = ON');
  counterUpserts = [];
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.query.sql.startsWith('insert into "feedback_counters"')) {
        counterUpserts.push([...event.query.parameters]);
      }
    },
  });
  await migrateToLatest(db);
  for (const owner of ['owner-b', 'owner-a']) {
    await db
      .insertInto('users')
      .values({
        id: owner,
        name: owner,
        email: `${owner}@example.com`,
        password_hash: 'x',
        email_confirmed_at: NOW,
        pending_email: null,
        last_workspace_id: null,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    await createWorkspace(db, { id: owner, name: owner, ownerId: owner, now: NOW });
  }
  for (const [id, owner] of [
    ['widget-b', 'owner-b'],
    ['widget-a2', 'owner-a'],
    ['widget-a1', 'owner-a'],
  ] as const) {
    await db
      .insertInto('widgets')
      .values({
        id,
        workspace_id: owner,
        site_key: `key-${id}`,
        name: id,
        position: 'bottom-right',
        color: '#3B82F6',
        enable_feedback: 1,
        enable_news: 1,
        active: 1,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
  }
});
afterEach(() => db.destroy());

let sequence = 0;
function row(widgetId: string, workspaceId: string, overrides: Partial<NewFeedbackRow> = {}): NewFeedbackRow {
  sequence += 1;
  return {
    id: `feedback-${sequence}`,
    widget_id: widgetId,
    workspace_id: workspaceId,
    message: `message ${sequence}`,
    page_url: 'https://shop.example.com/',
    user_agent: null,
    author_name: null,
    author_email: null,
    created_at: NOW,
    month: MONTH,
    ...overrides,
  };
}

const storedIds = async () =>
  (await db.selectFrom('feedback').select('id').orderBy('id').execute()).map((stored) => stored.id);

describe('the feedback writer', () => {
  test("a row whose widget is gone is answered widget-missing; the batch's other rows are stored", async () => {
    const writer = createFeedbackWriter(db);
    const rows = [row('widget-a1', 'owner-a'), row('deleted-widget', 'owner-b'), row('widget-b', 'owner-b')];
    const outcomes = await Promise.all(rows.map((each) => writer.write(each)));

    expect(outcomes).toEqual(['stored', 'widget-missing', 'stored']);
    expect(await storedIds()).toEqual([rows[0]?.id, rows[2]?.id].sort());
    const counters = await db.selectFrom('feedback_counters').select(['workspace_id', 'scope', 'count']).execute();
    // The missing row took no place in any counter.
    expect(counters.filter((counter) => counter.workspace_id === 'owner-b')).toEqual([
      { workspace_id: 'owner-b', scope: 'account', count: 1 },
      { workspace_id: 'owner-b', scope: 'widget-b', count: 1 },
    ]);
  });

  test('a batch that fails as a whole is written again row by row, so only the bad row fails', async () => {
    const writer = createFeedbackWriter(db);
    const first = row('widget-a1', 'owner-a');
    // The same id twice: the batch's insert breaks the primary key, whoever else is in it.
    const rows = [first, row('widget-b', 'owner-b'), row('widget-a2', 'owner-a', { id: first.id })];
    const settled = await Promise.allSettled(rows.map((each) => writer.write(each)));

    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(await storedIds()).toEqual([rows[0]?.id, rows[1]?.id].sort());
    const numbered = await db.selectFrom('feedback').select(['workspace_id', 'account_seq', 'widget_seq']).execute();
    expect(numbered.map((stored) => [stored.account_seq, stored.widget_seq])).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  test('counters are raised in (owner, scope, month) order whatever order the rows came in', async () => {
    const writer = createFeedbackWriter(db);
    const rows = [
      row('widget-b', 'owner-b'),
      row('widget-a2', 'owner-a'),
      row('widget-a1', 'owner-a', { month: '2026-10' }),
      row('widget-a1', 'owner-a'),
    ];
    await Promise.all(rows.map((each) => writer.write(each)));

    // One upsert raises them all; its rows, four parameters each, are listed in lock order.
    expect(counterUpserts).toHaveLength(1);
    const parameters = counterUpserts[0] ?? [];
    const keys = Array.from({ length: parameters.length / 4 }, (_, index) =>
      parameters.slice(index * 4, index * 4 + 3).join(' '),
    );
    expect(keys).toEqual([
      'owner-a account 2026-10',
      'owner-a account 2026-11',
      'owner-a widget-a1 2026-10',
      'owner-a widget-a1 2026-11',
      'owner-a widget-a2 2026-11',
      'owner-b account 2026-11',
      'owner-b widget-b 2026-11',
    ]);
  });
});
