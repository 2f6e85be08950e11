/**
 * `GET /api/feedback/export`: the inbox's filter as CSV (read back with csv-parse, as a
 * spreadsheet would) or JSON. The million-row stream and its memory are measured by `npm run bench`;
 * what LibreOffice Calc makes of the CSV, by feedback-export-spreadsheet.test.ts (`npm run test:tools`).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiErrorBody, FeedbackItem, FeedbackListResponse } from '../../src/shared/api';
import { FEEDBACK_STATUS_LABELS } from '../../src/shared/feedback-status';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { createOwner, createWidget, setPlan, validFeedback, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ clockStart: new Date('2030-05-10T09:00:00.000Z') });
  api = createApiClient(server.url);
});
afterAll(() => server.close());

const HEADER = ['ID', 'Received (UTC)', 'Status', 'Widget', 'Message', 'Page URL', 'Name', 'E-mail', 'Browser'];

async function send(key: string, fields: Record<string, unknown> = {}) {
  server.clock.advance(1000);
  const response = await api.post(`/api/public/widget/${key}/feedback`, validFeedback(fields), {
    headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
  });
  expect(response.status, response.text).toBe(201);
}

async function inbox(owner: TestOwner, query = '') {
  const response = await api.get<FeedbackListResponse>(`/api/feedback?limit=100${query}`, { token: owner.token });
  expect(response.status, response.text).toBe(200);
  return response.body.feedbacks;
}

async function exported(owner: TestOwner, query: string) {
  const response = await fetch(`${server.url}/api/feedback/export?${query}`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The CSV as a spreadsheet reads it: the BOM checked and dropped, then rows of cells. */
async function exportedCsv(owner: TestOwner, query = '') {
  const { response, bytes } = await exported(owner, `format=csv${query}`);
  expect(response.status, bytes.toString()).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toBe('attachment; filename="tellbox-feedback-2030-05-10.csv"');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.subarray(3).toString('utf8')) as string[][];
}

const asRow = (item: FeedbackItem) => [
  item._id,
  item.createdAt,
  FEEDBACK_STATUS_LABELS[item.status],
  item.widgetName ?? '',
  item.message,
  item.pageUrl,
  item.authorName ?? '',
  item.authorEmail ?? '',
  item.userAgent ?? '',
];

describe('export', () => {
  test('the CSV, parsed back, equals the inbox, newest first, with every awkward character intact', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner, { name: 'Shop, "EU"' });
    await send(widget.key, { message: 'Plain' });
    await send(widget.key, {
      message: 'Commas, "quotes"\nand a second line — ünïcödé ✓ 日本語',
      authorName: 'Zoë "Z" Smith',
      authorEmail: 'zoe@example.com',
      pageUrl: 'https://shop.example.com/a?b=1,2&c="3"',
    });
    await send(widget.key, { message: 'العربية من اليمين إلى اليسار' });
    const rows = await exportedCsv(owner);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1)).toEqual((await inbox(owner)).map(asRow));
    expect(rows).toHaveLength(4);
  });

  test('each formula-injection case comes out as text', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    const cases = [
      '=HYPERLINK("https://evil.example","x")',
      '+1+1',
      '-2+3',
      '@SUM(A1:A2)',
      '\tTAB',
      '\rCR',
      // A formula with a line break after it, and the full-width forms spreadsheets also run.
      '=1+1\nsecond line',
      '\uFF1DSUM(A1:A2)',
      '\uFF0B1',
    ];
    for (const message of cases) await send(widget.key, { message: `placeholder ${message.length}` });
    // A tab or carriage return can't start a message sent today (the form trims it); one stored
    // before that rule is written in the database, as it would be there.
    for (const [index, item] of (await inbox(owner)).reverse().entries()) {
      await server.db
        .updateTable('feedback')
        .set({ message: cases[index] ?? '', author_name: cases[index] ?? '' })
        .where('id', '=', item._id)
        .execute();
    }
    const rows = (await exportedCsv(owner)).slice(1).reverse();
    for (const [index, message] of cases.entries()) {
      const row = rows[index] ?? [];
      expect(row[4], JSON.stringify(message)).toBe(`'${message}`);
      expect(row[6], JSON.stringify(message)).toBe(`'${message}`);
    }
  });

  test('a formula after a separator or a line break comes out as text too, where a reader splitting there would start a cell', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    const cases: [typed: string, exported: string][] = [
      ['Great;=1+1', "Great;'=1+1"],
      ['x,=HYPERLINK("https://evil.example","x")', `x,'=HYPERLINK("https://evil.example","x")`],
      ['tab\t@SUM(A1)', "tab\t'@SUM(A1)"],
      ['Fine.\n+1 then; -1', "Fine.\n'+1 then;' -1"],
      ['Quoted;"=1+1"', `Quoted;'"=1+1"`],
      ['Wide;\uFF1D1+1', "Wide;'\uFF1D1+1"],
    ];
    for (const [typed] of cases) await send(widget.key, { message: typed, authorName: typed });
    const rows = (await exportedCsv(owner)).slice(1).reverse();
    expect(rows.map((row) => [row[4], row[6]])).toEqual(cases.map(([, exported]) => [exported, exported]));
  });

  test('every field is quoted, the header row too, with inner quotes doubled', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner, { name: 'Shop "EU"' });
    await send(widget.key, { message: 'Plain', authorName: 'Zoë "Z" Smith' });
    const { bytes } = await exported(owner, 'format=csv');
    const [header, row, end] = bytes.subarray(3).toString('utf8').split('\r\n');
    const [item] = await inbox(owner);
    const quoted = (fields: string[]) => fields.map((field) => `"${field.replace(/"/g, '""')}"`).join(',');
    expect(header).toBe(quoted(HEADER));
    expect(row).toBe(quoted(asRow(item as FeedbackItem)));
    expect(row).toContain(`"Shop ""EU""","Plain"`);
    expect(end).toBe('');
  });

  test('JSON holds the same items as the inbox', async () => {
    const owner = await createOwner(server, api);
    const widget = await createWidget(api, owner);
    for (let index = 0; index < 3; index += 1) await send(widget.key, { message: `Entry ${index}` });
    const { response, bytes } = await exported(owner, 'format=json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(await inbox(owner));
  });

  test('an empty inbox exports a header only, or an empty array', async () => {
    const owner = await createOwner(server, api);
    expect(await exportedCsv(owner)).toEqual([HEADER]);
    const { bytes } = await exported(owner, 'format=json');
    expect(JSON.parse(bytes.toString('utf8'))).toEqual([]);
  });

  test('the export follows the filters: widget, status, and never what the plan hides or spam unless asked', async () => {
    const owner = await createOwner(server, api, { plan: 'premium' });
    const shop = await createWidget(api, owner, { name: 'Shop' });
    const blog = await createWidget(api, owner, { name: 'Blog' });
    for (let index = 0; index < 45; index += 1) await send(shop.key, { message: `Shop ${index}` });
    for (let index = 0; index < 10; index += 1) await send(blog.key, { message: `Blog ${index}` });
    await setPlan(server, owner.email, 'free');
    const [spam] = await inbox(owner, `&widgetId=${shop._id}`);
    expect((await api.patch(`/api/feedback/${spam?._id}`, { status: 'spam' }, { token: owner.token })).status).toBe(
      200,
    );

    const messages = async (query: string) => (await exportedCsv(owner, query)).slice(1).map((row) => row[4]);
    const everything = await messages('');
    // The first 50 of the month are visible, the spam among them kept its place: 49 of the 55.
    expect(everything).toHaveLength(49);
    expect(everything).not.toContain(spam?.message);
    expect(everything).toEqual((await inbox(owner)).map((item) => item.message));
    expect(await messages(`&widgetId=${blog._id}`)).toEqual(
      (await inbox(owner, `&widgetId=${blog._id}`)).map((item) => item.message),
    );
    expect(await messages('&status=spam')).toEqual([spam?.message]);
  });
});

describe('tenant isolation and bad input', () => {
  test("an owner exports only their own feedback, and not another's widget", async () => {
    const alice = await createOwner(server, api);
    const bob = await createOwner(server, api);
    const aliceWidget = await createWidget(api, alice);
    const bobWidget = await createWidget(api, bob);
    await send(aliceWidget.key, { message: 'Alice only' });
    await send(bobWidget.key, { message: 'Bob only' });
    expect((await exportedCsv(alice)).slice(1).map((row) => row[4])).toEqual(['Alice only']);
    const { response, bytes } = await exported(alice, `format=csv&widgetId=${bobWidget._id}`);
    expect(response.status).toBe(404);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({ message: expect.any(String) });
  });

  test('a missing or unknown format gets a clear message; no login gets 401', async () => {
    const owner = await createOwner(server, api);
    for (const query of ['', 'format=xlsx']) {
      const response = await api.get<ApiErrorBody>(`/api/feedback/export?${query}`, { token: owner.token });
      expect(response.status, query).toBe(400);
      expect(JSON.stringify(response.body), query).toContain('Choose a format: csv or json');
    }
    expect((await api.get('/api/feedback/export?format=csv')).status).toBe(401);
  });
});
