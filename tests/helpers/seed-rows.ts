/**
 * Feedback written straight into a test server's database, many rows at once: thousands through
 * the public API would take longer than the suite. The rows are what the writer stores (ids, times,
 * places under the cap); the search index is kept by the database (SQLite's triggers, PostgreSQL's
 * generated column).
 */
import { randomUUID } from 'node:crypto';
import type { FeedbackStatus } from '../../src/shared/feedback-status';
import type { TestServer } from './start-server';

export interface SeededRow {
  message: string;
  status?: FeedbackStatus;
}

/** Rows per INSERT: PostgreSQL takes at most 65 535 parameters a statement. */
const BATCH = 1000;

/**
 * Stores `rows` for `widgetId` of `workspaceId`, one second apart from `start` (the first the oldest),
 * numbered from 1 under the monthly cap; returns their ids in that order.
 */
export async function seedRows(
  server: TestServer,
  target: { workspaceId: string; widgetId: string; start: Date },
  rows: SeededRow[],
): Promise<string[]> {
  const ids = rows.map(() => randomUUID());
  for (let first = 0; first < rows.length; first += BATCH) {
    await server.db
      .insertInto('feedback')
      .values(
        rows.slice(first, first + BATCH).map((row, offset) => {
          const index = first + offset;
          return {
            id: ids[index] as string,
            widget_id: target.widgetId,
            workspace_id: target.workspaceId,
            message: row.message,
            page_url: 'https://shop.example.com/',
            user_agent: null,
            author_name: null,
            author_email: null,
            created_at: new Date(target.start.getTime() + index * 1000).toISOString(),
            account_seq: index + 1,
            widget_seq: index + 1,
            status: row.status ?? 'new',
          };
        }),
      )
      .execute();
  }
  return ids;
}
