/**
 * The CSV export in a real spreadsheet: LibreOffice Calc (Debian's libreoffice-calc, headless)
 * opens an export of hostile feedback with `,`, `;` and a tab as separator, honouring the quotes
 * and ignoring them as a reader that splits inside a quoted cell would, with formulas evaluated;
 * no cell may hold a formula. Needs soffice (and python3, which reads what it saves), so it runs in
 * `npm run test:tools` (vitest.config.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FeedbackListResponse } from '../../src/shared/api';
import { createApiClient, type ApiClient } from '../helpers/api-client';
import { openInCalc, type CalcCell, type CsvReading } from '../helpers/calc-csv';
import { createOwner, createWidget, validFeedback, type TestOwner } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let api: ApiClient;
let workDir: string;

beforeAll(async () => {
  server = await startTestServer();
  api = createApiClient(server.url);
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-calc-'));
});
afterAll(async () => {
  await server.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

/** What visitors typed, and what the spreadsheet must show for it: their text, its formulas marked off. */
const HOSTILE: [typed: string, shown: string][] = [
  ['Great;=1+1', "Great;'=1+1"],
  ['x,=HYPERLINK("http://evil.example")', `x,'=HYPERLINK("http://evil.example")`],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\t=1', "'\t'=1"],
  ['\uFF1D1+1', "'\uFF1D1+1"],
  ['-2+3', "'-2+3"],
  ['Fine; =3+3', "Fine;' =3+3"],
  ['Quoted;"=4+4"', `Quoted;'"=4+4"`],
  ['First line\n=5+5', "First line\n'=5+5"],
];
const MESSAGE = 4;
const NAME = 6;

/** An owner whose inbox holds each hostile text as a message and as the visitor's name. */
async function ownerWithHostileFeedback(): Promise<TestOwner> {
  const owner = await createOwner(server, api);
  const widget = await createWidget(api, owner);
  for (const [index] of HOSTILE.entries()) {
    server.clock.advance(1000);
    const response = await api.post(
      `/api/public/widget/${widget.key}/feedback`,
      validFeedback({ message: `#${index}` }),
    );
    expect(response.status, response.text).toBe(201);
  }
  // Written in the database as a visitor typed them: the API trims a leading tab, as it does today;
  // feedback stored before that rule still has one.
  const list = await api.get<FeedbackListResponse>('/api/feedback?limit=100', { token: owner.token });
  for (const item of list.body.feedbacks) {
    const [typed] = HOSTILE[Number(item.message.slice(1))] ?? [];
    await server.db
      .updateTable('feedback')
      .set({ message: typed ?? '', author_name: typed ?? '' })
      .where('id', '=', item._id)
      .execute();
  }
  return owner;
}

async function exportToFile(owner: TestOwner): Promise<string> {
  const response = await fetch(`${server.url}/api/feedback/export?format=csv`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(response.status).toBe(200);
  const file = path.join(workDir, 'export.csv');
  await fs.writeFile(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

const formulasIn = (rows: CalcCell[][]) =>
  rows.flat().flatMap((cell) => (cell.formula === null ? [] : [`${cell.formula} (shows ${cell.text})`]));

const READINGS: CsvReading[] = [',', ';', '\t'].flatMap((separator) =>
  [true, false].map((quotes) => ({ separator: separator as CsvReading['separator'], quotes })),
);
const nameOf = ({ separator, quotes }: CsvReading) =>
  `${JSON.stringify(separator)} ${quotes ? 'honouring' : 'ignoring'} the quotes`;

describe('the CSV export in LibreOffice Calc', () => {
  let exported: string;
  beforeAll(async () => {
    exported = await exportToFile(await ownerWithHostileFeedback());
  });

  test('Calc runs a formula it is given, quoted or begun after the separator: the checks below can fail', async () => {
    const file = path.join(workDir, 'control.csv');
    await fs.writeFile(file, '"id";"note"\r\n"a";"=1+1"\r\nb,c;=2+2,x\r\n');
    const rows = await openInCalc(file, { separator: ';', quotes: true }, workDir);
    expect(rows[1]?.[1]).toEqual({ text: '2', formula: 'of:=1+1' });
    expect(rows[2]?.[1]?.formula).toContain('=2+2');
  });

  test.each(READINGS.map((reading) => [nameOf(reading), reading] as const))(
    'opened with %s, no cell holds a formula',
    async (_, reading) => {
      const rows = await openInCalc(exported, reading, workDir);
      expect(rows.length).toBeGreaterThan(HOSTILE.length);
      expect(formulasIn(rows)).toEqual([]);
      if (!reading.quotes) {
        // The reader did split inside the hostile texts: the marked-off formulas begin cells of their own.
        expect(rows.flat().some((cell) => /^'[=@+-]/.test(cell.text))).toBe(true);
      }
      if (reading.separator === ',' && reading.quotes) {
        // Read as written, each cell shows what the visitor typed, with the export's marks.
        const [header, ...entries] = rows;
        expect(header?.[MESSAGE]?.text).toBe('Message');
        expect(header?.[NAME]?.text).toBe('Name');
        // The export lists the newest first; the texts went in in HOSTILE's order.
        const shown = entries.reverse().map((row) => [row[MESSAGE]?.text, row[NAME]?.text]);
        expect(shown).toEqual(HOSTILE.map(([, text]) => [text, text]));
      }
    },
  );
});
