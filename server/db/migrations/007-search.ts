import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * Full-text search over each feedback's message, author name and e-mail, and page URL
 * (server/modules/feedback/feedback-search.ts asks for it). Both engines split text into words
 * the same way: a word is a run of letters, digits and combining marks, and anything else
 * separates words, so `visitor12@example.com` is the words visitor12, example and com, and a URL
 * is found by its host's and path's parts. Case does not count; accents do (`cafe` is not
 * `café`), as PostgreSQL's `simple` configuration has it without the unaccent extension.
 *
 * SQLite: an FTS5 table over `feedback` (external content: it holds the index only, the text
 * stays in `feedback`), keyed by feedback's rowid and kept in step by triggers; `rebuild` indexes
 * the rows already there. Marks count as word characters (`categories`), or Devanagari words
 * would break at every vowel sign; `columnsize=0` leaves out the per-row sizes only ranking needs.
 * The owner's id is indexed too (its own column, `owner_id`), so a search asks FTS5 for the
 * owner's rows and the words together and FTS5 steps through the two lists of rows side by side:
 * a word in a million of another owner's rows is skipped over, not read. One index of all owners,
 * not one per owner, because FTS5 tables cannot be partitioned and a table per owner would be a
 * migration per sign-up.
 * `feedback_search_terms` (fts5vocab, per column) lists the words the index holds, so a search can
 * turn the start of a word into the words it starts: FTS5's own prefix query reads every
 * occurrence of every such word first, tens of milliseconds for a word in most rows.
 *
 * PostgreSQL: a stored generated tsvector with a GIN index. Generated, so every row written by
 * any path (the writer, copy-database, an admin's insert) is indexed, and a copy never carries
 * it. The `simple` configuration lower-cases words and keeps them as written: no stemming or
 * stop words in one language's rules, which would garble feedback written in the others (a
 * `the` or a `die` is a word to find). ASCII punctuation becomes spaces first, because the
 * default parser would otherwise keep e-mail addresses, hosts and paths as single words: a
 * regular expression of its four ranges, which costs a fourth of what translate() does (3 s
 * against 12 s over a million rows, to_tsvector itself 6 s).
 */
const ASCII_PUNCTUATION = '[!-/:-@[-`{-~]';

const postgresDocument = sql`to_tsvector('simple'::regconfig, regexp_replace(
  message || ' ' || coalesce(author_name, '') || ' ' || coalesce(author_email, '') || ' ' || page_url,
  ${sql.lit(ASCII_PUNCTUATION)}, ' ', 'g'))`;

/**
 * Creates SQLite's FTS5 index of feedback, its triggers and its vocabulary, and indexes the rows
 * already there. `tenantColumn` is the column that says whose the entry is, only ever matched on
 * its own (feedback-search.ts), never by the words typed: `owner_id` here, `workspace_id` since
 * migration 010 rebuilt the index when feedback moved to workspaces.
 */
export async function createSqliteFeedbackSearch(db: Kysely<unknown>, tenantColumn: string): Promise<void> {
  const indexed = `${tenantColumn}, message, author_name, author_email, page_url`;
  const newValues = `new.${tenantColumn}, new.message, new.author_name, new.author_email, new.page_url`;
  const oldValues = `old.${tenantColumn}, old.message, old.author_name, old.author_email, old.page_url`;
  await sql
    .raw(
      `create virtual table feedback_search using fts5(${indexed},
        content = 'feedback', content_rowid = 'rowid', columnsize = 0,
        tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M*'")`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger feedback_search_insert after insert on feedback begin
        insert into feedback_search (rowid, ${indexed}) values (new.rowid, ${newValues});
      end`,
    )
    .execute(db);
  // External content: FTS5 removes a row's words by being told the old text.
  await sql
    .raw(
      `create trigger feedback_search_delete after delete on feedback begin
        insert into feedback_search (feedback_search, rowid, ${indexed}) values ('delete', old.rowid, ${oldValues});
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger feedback_search_update after update of ${indexed} on feedback begin
        insert into feedback_search (feedback_search, rowid, ${indexed}) values ('delete', old.rowid, ${oldValues});
        insert into feedback_search (rowid, ${indexed}) values (new.rowid, ${newValues});
      end`,
    )
    .execute(db);
  await sql`create virtual table feedback_search_terms using fts5vocab(feedback_search, col)`.execute(db);
  await sql`insert into feedback_search (feedback_search) values ('rebuild')`.execute(db);
}

/** Drops what `createSqliteFeedbackSearch` made. */
export async function dropSqliteFeedbackSearch(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['feedback_search_insert', 'feedback_search_delete', 'feedback_search_update']) {
    await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table feedback_search_terms`.execute(db);
  await sql`drop table feedback_search`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table feedback add column search_vector tsvector generated always as (${postgresDocument}) stored`.execute(
      db,
    );
    await sql`create index feedback_search_vector on feedback using gin (search_vector)`.execute(db);
    return;
  }
  await createSqliteFeedbackSearch(db, 'owner_id');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index feedback_search_vector`.execute(db);
    await sql`alter table feedback drop column search_vector`.execute(db);
    return;
  }
  await dropSqliteFeedbackSearch(db);
}
