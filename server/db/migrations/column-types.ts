/**
 * The column types the migrations use, per engine. Both engines hand the app the same values:
 * times as ISO-8601 UTC strings and booleans as 0/1 (PostgreSQL's are converted as they are read,
 * in db/postgres.ts). PostgreSQL stores them natively (timestamptz, boolean) so an admin's own
 * queries and tools see real types, and every text column sorts byte by byte ("C"), as SQLite's
 * BINARY collation does, so keyset cursors page identically on both.
 */
import { sql, type Expression, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

type DataType = 'text' | 'integer' | Expression<unknown>;

export interface ColumnTypes {
  text: DataType;
  time: DataType;
  bool: DataType;
  /** The default of a boolean column that starts false. */
  false: 0 | Expression<unknown>;
  /** The default of a boolean column that starts true. */
  true: 1 | Expression<unknown>;
}

export function columnTypesOf(db: Kysely<unknown>): ColumnTypes {
  if (dialectOf(db) === 'postgres') {
    return {
      text: sql`text collate "C"`,
      time: sql`timestamptz`,
      bool: sql`boolean`,
      false: sql`false`,
      true: sql`true`,
    };
  }
  return { text: 'text', time: 'text', bool: 'integer', false: 0, true: 1 };
}
