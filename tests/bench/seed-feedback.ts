/**
 * Bulk feedback for the inbox-at-depth bench: `count` rows for one widget of one owner, written
 * by the database itself in one statement (SQLite: a recursive CTE; PostgreSQL: generate_series),
 * because a million inserts through the API or one by one would take longer than the bench.
 *
 * The rows look like what the writer stores: UUID ids, created_at one `stepSeconds` apart and
 * increasing up to `endAt`, account_seq/widget_seq numbering each UTC calendar month from 1, and
 * feedback_counters holding each month's total, so a visitor's next feedback takes the next number.
 * Their text is what a search has to get through: messages put together from parts picked at
 * different rates (MESSAGE_PARTS), so some words are in most rows, some in a few, and some in a
 * handful, as in a real inbox. The rows are inserted as the writer's are, so the search index is
 * kept by the database as it goes (SQLite's triggers, PostgreSQL's generated column and GIN index).
 * The owner must have no feedback yet (the counters are inserted, not raised).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../../server/db/dialect';
import type { Database } from '../../server/db/schema';

export interface FeedbackSeed {
  workspaceId: string;
  widgetId: string;
  count: number;
  /** The newest row's time; whole seconds. */
  endAt: Date;
  stepSeconds: number;
}

/**
 * The parts a seeded message is made of, each with how many rows in a thousand pick it (problems:
 * in 997, so the two picks are independent): `checkout` is in 40 % of messages (and 40 % of page
 * URLs), `slow … mobile` in 30 %, `safari` in 20 %, `refund` in 1.5 %, `kaleidoscope` in 0.1 %,
 * `zanzibar` in 0.01 %.
 */
export const MESSAGE_PARTS = {
  opening: ['The ', 'Hi! The ', 'Hello, the ', 'Quick note: the ', 'Honestly the '],
  place: [
    ['checkout page', 400],
    ['search results', 200],
    ['login form', 120],
    ['product gallery', 100],
    ['shipping calculator', 80],
    ['invoice download', 50],
    ['newsletter signup', 30],
    ['refund request', 15],
    ['loyalty dashboard', 5],
  ],
  problem: [
    [' is slow on mobile', 300],
    [' does not load in Safari', 200],
    [' looks broken after the update', 150],
    [' is hard to find', 130],
    [' shows the wrong price', 100],
    [' works great, thanks', 70],
    [' crashed twice today', 37],
    [' ate my order', 10],
  ],
  page: [
    ['https://shop.example.com/checkout?step=', 400],
    ['https://shop.example.com/products/', 300],
    ['https://shop.example.com/account/orders?page=', 200],
    ['https://blog.example.com/posts/', 100],
  ],
  /** Cut to 0-82 characters: messages of varying length, its words ever rarer towards its end. */
  tail: 'Sent from my phone while waiting for the bus, sorry for any typos in this message.',
} as const;

/** `case` over `choices` by `pick` (0 up to the sum of their shares). */
function pickOf(choices: readonly (readonly [string, number])[], pick: RawBuilder<unknown>) {
  let bound = 0;
  const branches = choices.map(([text, share]) => {
    bound += share;
    return sql`when ${pick} < ${sql.lit(bound)} then ${sql.lit(text)}`;
  });
  return sql`(case ${sql.join(branches, sql` `)} end)`;
}

/** The message and the page URL of row `n` (an integer expression; 64-bit, for the products below). */
function textOf(n: RawBuilder<unknown>) {
  const { opening, place, problem, page, tail } = MESSAGE_PARTS;
  const openings = opening.map((text, index) => sql`when ${sql.lit(index)} then ${sql.lit(text)}`);
  const message = sql`(case ${n} % ${sql.lit(opening.length)} ${sql.join(openings, sql` `)} end)
    || ${pickOf(place, sql`(${n} * 7919) % 1000`)}
    || ${pickOf(problem, sql`(${n} * 104729) % 997`)}
    || (case when ${n} % 997 = 3 then ', like a kaleidoscope' else '' end)
    || (case when ${n} % 10007 = 0 then ' in Zanzibar' else '' end)
    || '. ' || substr(${sql.lit(tail)}, 1, cast(${n} % 83 as integer))`;
  const pageUrl = sql`${pickOf(page, sql`(${n} * 31) % 1000`)} || (${n} % 500)`;
  return { message, pageUrl };
}

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Unix seconds of the oldest row. */
function firstEpochOf(seed: FeedbackSeed): number {
  const end = Math.floor(seed.endAt.getTime() / 1000);
  return end - (seed.count - 1) * seed.stepSeconds;
}

async function seedSqlite(db: Kysely<Database>, seed: FeedbackSeed) {
  const first = firstEpochOf(seed);
  // SQLite has no UUID function: a version-4 layout from random bytes.
  const uuid = sql`lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2)
    || '-' || substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;
  const { message, pageUrl } = textOf(sql`n`);
  await sql`
    with recursive numbers(n) as (select 1 union all select n + 1 from numbers where n < ${seed.count}),
    timed as (
      select n, strftime('%Y-%m-%dT%H:%M:%fZ', ${first} + (n - 1) * ${seed.stepSeconds}, 'unixepoch') as created_at
      from numbers
    )
    insert into feedback
      (id, widget_id, workspace_id, message, page_url, user_agent, author_name, author_email, created_at, account_seq, widget_seq)
    select ${uuid}, ${seed.widgetId}, ${seed.workspaceId}, ${message}, ${pageUrl}, ${USER_AGENT},
      case when n % 3 = 0 then null else 'Visitor ' || (n % 1000) end,
      case when n % 4 = 0 then 'visitor' || (n % 1000) || '@example.com' else null end,
      created_at,
      row_number() over (partition by substr(created_at, 1, 7) order by n),
      row_number() over (partition by substr(created_at, 1, 7) order by n)
    from timed
  `.execute(db);
  for (const scope of ['account', seed.widgetId]) {
    await sql`
      insert into feedback_counters (workspace_id, scope, month, count)
      select ${seed.workspaceId}, ${scope}, substr(created_at, 1, 7), count(*)
      from feedback where widget_id = ${seed.widgetId}
      group by substr(created_at, 1, 7)
    `.execute(db);
  }
}

async function seedPostgres(db: Kysely<Database>, seed: FeedbackSeed, onSent?: () => void) {
  const first = firstEpochOf(seed);
  const month = sql`to_char(created_at at time zone 'UTC', 'YYYY-MM')`;
  // The server's pool cancels statements after 30 s; a million-row insert on a busy machine may
  // take longer. For this transaction only.
  await sql`set local statement_timeout = 0`.execute(db);
  const { message, pageUrl } = textOf(sql`n::bigint`);
  const inserting = sql`
    with timed as (
      select n, to_timestamp(${first}::bigint + (n - 1) * ${seed.stepSeconds}::int) as created_at
      from generate_series(1, ${seed.count}::int) as n
    )
    insert into feedback
      (id, widget_id, workspace_id, message, page_url, user_agent, author_name, author_email, created_at, account_seq, widget_seq)
    select gen_random_uuid()::text, ${seed.widgetId}::text, ${seed.workspaceId}::text, ${message}, ${pageUrl},
      ${USER_AGENT}::text,
      case when n % 3 = 0 then null else 'Visitor ' || (n % 1000) end,
      case when n % 4 = 0 then 'visitor' || (n % 1000) || '@example.com' else null end,
      created_at,
      row_number() over (partition by ${month} order by n),
      row_number() over (partition by ${month} order by n)
    from timed
  `.execute(db);
  // The statement is on its way to the server once the promises handing it to the driver have
  // run (the transaction holds its connection, so nothing waits on the network before): from the
  // next turn of the event loop on, PostgreSQL works on it whatever this process does.
  if (onSent) setImmediate(onSent);
  await inserting;
  for (const scope of ['account', seed.widgetId]) {
    await sql`
      insert into feedback_counters (workspace_id, scope, month, count)
      select ${seed.workspaceId}::text, ${scope}::text, ${month}, count(*)
      from feedback where widget_id = ${seed.widgetId}::text
      group by ${month}
    `.execute(db);
  }
}

/**
 * Writes the rows and their counters in one transaction. On PostgreSQL, `onSent` is called once
 * the bulk insert is in the server's hands (so a SQLite seeding, which holds this process until it
 * is done, can run beside it); on SQLite, when the rows are written.
 */
export async function seedFeedback(db: Kysely<Database>, seed: FeedbackSeed, onSent?: () => void): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db
    .transaction()
    .execute((trx) => (postgres ? seedPostgres(trx, seed, onSent) : seedSqlite(trx, seed).then(onSent)));
  if (postgres) {
    // Fresh statistics, and every row's commit hint bits and the visibility map set, as autovacuum
    // would soon after a bulk load in production. Without the vacuum the first read of each fresh
    // row writes its page (its hint bits), and the bench's searches measure those writes.
    await sql`vacuum analyze feedback`.execute(db);
  } else {
    // The seeding wrote hundreds of megabytes into the WAL; fold them into the file, as SQLite's
    // automatic checkpoints do over time, so pages are read as a long-running server reads them.
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  }
}
