/**
 * Migration 010 (workspaces) on an installation made by the version before it: the database in
 * tests/fixtures/pre-workspaces was filled through that version's API, holding a row in every
 * table it had, with what its API answered recorded beside it (see the fixture's README). After
 * the upgrade every row is still there, each account owns a workspace holding what it owned, and
 * every answer is the same, sessions included. The `sqlite` project upgrades the SQLite file, the
 * `postgres` project the PostgreSQL database that version's copy-database made of it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApiClient } from '../helpers/api-client';
import { startTestServer, type TestServer } from '../helpers/start-server';
import { adminQuery, createThrowawayDatabase, testDatabaseKind, type TestDatabase } from '../helpers/test-database';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/pre-workspaces');

/** The tables of the version before, each keeping every row. */
const TABLES_BEFORE = [
  'users',
  'sessions',
  'email_tokens',
  'widgets',
  'installations',
  'feedback',
  'feedback_counters',
  'feedback_replies',
  'feedback_notes',
  'posts',
  'early_access',
  'billing_events',
  'checkout_sessions',
  'notification_settings',
  'alert_windows',
  'webhook_endpoints',
  'webhook_deliveries',
  'webhook_attempts',
];

interface Recorded {
  request: { path: string; token?: string; headers?: Record<string, string> };
  status: number;
  body: unknown;
}

/**
 * What this version adds to an answer the version before gave, taken out so the rest compares:
 * an entry's `assigneeId` (nobody, after an upgrade), the plans' seats (`maxMembers`, and its
 * line among a plan's features) and their `currency`, which replaced the written `priceText`.
 */
function withoutAdditions(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.filter((item) => !(typeof item === 'string' && / team members?$/.test(item))).map(withoutAdditions);
  }
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(
    ([key, item]) =>
      !(key === 'assigneeId' && item === null) && key !== 'maxMembers' && key !== 'currency' && key !== 'priceText',
  );
  return Object.fromEntries(entries.map(([key, item]) => [key, withoutAdditions(item)]));
}

let workDir: string;
let database: TestDatabase;
let countsBefore: Record<string, number>;
let server: TestServer;
let recorded: { clockStart: string; answers: Record<string, Recorded> };

async function countRows(tables: string[]): Promise<Record<string, number>> {
  if (database.kind === 'sqlite') {
    const file = new BetterSqlite3(database.url, { readonly: true });
    try {
      return Object.fromEntries(
        tables.map((table) => [table, (file.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n]),
      );
    } finally {
      file.close();
    }
  }
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table] = Number((await adminQuery(`select count(*) as n from ${table}`, database.url)).rows[0]?.n);
  }
  return counts;
}

/** The database as the version before left it: the SQLite file, or its dump loaded into a new database. */
async function installationBefore(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'sqlite') {
    const file = path.join(workDir, 'tellbox.sqlite');
    await fs.copyFile(path.join(FIXTURE, 'tellbox.sqlite'), file);
    return { url: file, kind: 'sqlite', drop: () => Promise.resolve() };
  }
  const created = await createThrowawayDatabase(`tellbox_before_010_${Date.now()}`);
  const client = new pg.Client({ connectionString: created.url });
  await client.connect();
  try {
    await client.query(await fs.readFile(path.join(FIXTURE, 'postgres.sql'), 'utf8'));
  } finally {
    await client.end();
  }
  return { url: created.url, kind: 'postgres', drop: created.drop };
}

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-010-'));
  recorded = JSON.parse(await fs.readFile(path.join(FIXTURE, 'answers.json'), 'utf8')) as typeof recorded;
  database = await installationBefore();
  countsBefore = await countRows(TABLES_BEFORE);
  server = await startTestServer({ database, clockStart: new Date(recorded.clockStart) });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await fs.rm(workDir, { recursive: true, force: true });
});

test('the installation before held a row in every table', () => {
  for (const table of TABLES_BEFORE) expect(countsBefore[table], table).toBeGreaterThan(0);
});

test('every row is kept, and each account owns a workspace of its own id', async () => {
  expect(await countRows(TABLES_BEFORE)).toEqual(countsBefore);
  const owners = await server.db
    .selectFrom('users')
    .leftJoin('workspace_members', (join) =>
      join
        .onRef('workspace_members.account_id', '=', 'users.id')
        .onRef('workspace_members.workspace_id', '=', 'users.id'),
    )
    .select(['users.id', 'workspace_members.role'])
    .execute();
  expect(owners.length).toBe(countsBefore.users);
  expect(owners.every((owner) => owner.role === 'owner')).toBe(true);
  const orphans = await server.db
    .selectFrom('widgets')
    .leftJoin('workspaces', 'workspaces.id', 'widgets.workspace_id')
    .select('widgets.id')
    .where('workspaces.id', 'is', null)
    .execute();
  expect(orphans).toEqual([]);
});

test('every answer the version before gave is the same, with the same tokens', async () => {
  const api = createApiClient(server.url);
  const names = Object.keys(recorded.answers);
  expect(names.length).toBeGreaterThan(30);
  for (const name of names) {
    const { request, status, body } = recorded.answers[name] as Recorded;
    const answer = await api.get(request.path, { token: request.token, headers: request.headers });
    expect({ name, status: answer.status }).toEqual({ name, status });
    expect(withoutAdditions(answer.body ?? answer.text), name).toEqual(withoutAdditions(body));
  }
});

test('an upgraded owner keeps working in their workspace: a new widget joins the ones they had', async () => {
  const api = createApiClient(server.url);
  const carol = (recorded.answers['carol GET /api/widget'] as Recorded).request.token;
  const before = recorded.answers['carol GET /api/widget']?.body as { widgets: { name: string }[] };
  const created = await api.post(
    '/api/widget',
    {
      name: 'After the upgrade',
      position: 'bottom-left',
      primaryColor: '#111111',
      enableFeedback: true,
      enableNews: false,
    },
    { token: carol },
  );
  expect(created.status).toBe(201);
  const after = await api.get<{ widgets: { name: string }[] }>('/api/widget', { token: carol });
  expect(after.body.widgets.map((widget) => widget.name).sort()).toEqual(
    [...before.widgets.map((widget) => widget.name), 'After the upgrade'].sort(),
  );
});
