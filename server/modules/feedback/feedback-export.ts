/**
 * `GET /api/feedback/export`: the inbox's current filter as CSV or JSON, streamed page by page
 * with the connection's backpressure, so a million rows never sit in the server's memory.
 *
 * The CSV is for spreadsheets: UTF-8 with a byte-order mark (Excel otherwise reads it as the
 * system's code page), every field quoted (RFC 4180), and every part of a cell a spreadsheet could
 * run as a formula, at its start or after a separator, prefixed with `'` (csv-formulas.ts), so it
 * shows as text whichever separator the spreadsheet splits at.
 *
 * PapaParse writes it: csv-stringify, which wrote it first, made about 10 KB of garbage per row
 * (arrays per field), and a million-row export promoted enough of it to grow the server past its
 * 100 MB budget; PapaParse makes a tenth of that, three times as fast.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Papa from 'papaparse';
import type { Response } from 'express';
import type { FeedbackItem } from '../../../src/shared/api';
import { FEEDBACK_STATUS_LABELS } from '../../../src/shared/feedback-status';
import type { FeedbackExportFormat } from '../../../src/shared/schemas';
import type { Logger } from '../../lib/logger';
import { neutraliseFormulas } from './csv-formulas';

/** The CSV's columns: a header a person reads, and where each value comes from. */
export const CSV_COLUMNS: [string, (item: FeedbackItem) => string][] = [
  ['ID', (item) => item._id],
  ['Received (UTC)', (item) => item.createdAt],
  ['Status', (item) => FEEDBACK_STATUS_LABELS[item.status]],
  ['Widget', (item) => item.widgetName ?? ''],
  ['Message', (item) => item.message],
  ['Page URL', (item) => item.pageUrl],
  ['Name', (item) => item.authorName ?? ''],
  ['E-mail', (item) => item.authorEmail ?? ''],
  ['Browser', (item) => item.userAgent ?? ''],
];

/**
 * The CSV, a page at a time: one chunk per page, not one per row, so a million rows are a thousand
 * writes instead of a million stream chunks (each with its own objects for the collector).
 */
async function* csvText(pages: AsyncIterable<FeedbackItem[]>) {
  let first = true;
  for await (const page of pages) {
    yield csvOf(page, first);
    first = false;
  }
  // An empty inbox still gets its header row.
  if (first) yield csvOf([], true);
}

/**
 * Every field quoted, so a spreadsheet that splits at `,` never splits inside one. PapaParse's own
 * `escapeFormulae` looks at a field's start only; csv-formulas.ts does more, before it.
 */
const CSV_OPTIONS = { quotes: true, newline: '\r\n' };
/** Unparse ends its last row without a line break; pages are joined, so each line gets one. */
const csvLines = (rows: string[][]) => (rows.length > 0 ? `${Papa.unparse(rows, CSV_OPTIONS)}\r\n` : '');
/** The byte-order mark and the header row, the file's start. */
const CSV_START = `\uFEFF${csvLines([CSV_COLUMNS.map(([header]) => header)])}`;

/** One page of rows as CSV lines (CRLF, RFC 4180); the first page starts the file. */
function csvOf(page: FeedbackItem[], first: boolean): string {
  const lines = csvLines(page.map((item) => CSV_COLUMNS.map(([, value]) => neutraliseFormulas(value(item)))));
  return first ? CSV_START + lines : lines;
}

/** A JSON array of FeedbackItem, written a page at a time. */
async function* jsonText(pages: AsyncIterable<FeedbackItem[]>) {
  yield '[';
  let first = true;
  for await (const page of pages) {
    const text = page.map((item) => JSON.stringify(item)).join(',');
    yield first ? text : `,${text}`;
    first = false;
  }
  yield ']\n';
}

const EXPORT_TYPES: Record<FeedbackExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Whether a stream ended because the client went away: nothing to report then. */
const isClientGone = (error: unknown) => (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE';

/**
 * Streams the pages to `res` as `format`. Errors before the first byte reach the error handler (a
 * clear answer); after it, the connection is cut, so a cut file never looks complete.
 */
export async function sendExport(
  res: Response,
  format: FeedbackExportFormat,
  pages: AsyncGenerator<FeedbackItem[]>,
  options: { fileStem: string; logger: Logger },
): Promise<void> {
  // The first page is read before the headers: a bad widget id still answers 404 in JSON.
  const first = await pages.next();
  async function* all() {
    if (!first.done) yield first.value;
    yield* pages;
  }
  res.status(200);
  res.setHeader('Content-Type', EXPORT_TYPES[format]);
  res.setHeader('Content-Disposition', `attachment; filename="${options.fileStem}.${format}"`);
  try {
    await pipeline(Readable.from(format === 'csv' ? csvText(all()) : jsonText(all()), { objectMode: false }), res);
  } catch (error) {
    if (!isClientGone(error)) options.logger.error({ err: error }, 'feedback export failed midway');
    res.destroy();
  }
}
