import { sql, type RawBuilder } from 'kysely';
import type { OffsetSpan } from '../lib/zone-days';
import type { DialectName } from './dialect';

/**
 * The calendar day (days since 1970-01-01) on which the instant in `column` fell where `offsets`
 * were the UTC offsets: its UTC time plus the offset then in force, in whole days. One rule on
 * both engines (SQLite has no time zones); the offsets must cover every row the query reads.
 */
export function localDayOf(dialect: DialectName, column: string, offsets: OffsetSpan[]): RawBuilder<number> {
  const ref = sql.ref(column);
  const seconds = (span: OffsetSpan) => sql`cast(${span.seconds} as integer)`;
  const [first, ...later] = offsets;
  if (!first) throw new Error('localDayOf needs at least one offset');
  const last = later.at(-1) ?? first;
  // Each span's offset until the next one starts: `when t < next.since then this.seconds`.
  const offset =
    later.length === 0
      ? seconds(first)
      : sql`case ${sql.join(
          later.map((next, index) => sql`when ${ref} < ${next.since} then ${seconds(offsets[index] ?? first)}`),
          sql` `,
        )} else ${seconds(last)} end`;
  if (dialect === 'postgres') return sql<number>`floor((extract(epoch from ${ref}) + ${offset}) / 86400)::integer`;
  // Integer division floors here: every timestamp Tellbox stores is after 1970.
  return sql<number>`(unixepoch(${ref}) + ${offset}) / 86400`;
}
