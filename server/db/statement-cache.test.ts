import BetterSqlite3 from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { withStatementCache } from './statement-cache';

let sqlite: BetterSqlite3.Database;
afterEach(() => sqlite?.close());

function open() {
  sqlite = new BetterSqlite3(':memory:');
  sqlite.exec('create table t (n integer)');
  sqlite.exec('insert into t values (1), (2), (3)');
  return sqlite;
}

test('the same SQL gets the same prepared statement back, and it still runs with new parameters', () => {
  const db = withStatementCache(open());
  const first = db.prepare('select n from t where n > ?');
  expect(db.prepare('select n from t where n > ?')).toBe(first);
  expect(first.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
  expect(first.all([2])).toEqual([{ n: 3 }]);
});

test('a statement still being iterated is not handed out again: the second caller gets its own', () => {
  const db = withStatementCache(open());
  const iterating = db.prepare('select n from t').iterate([]);
  iterating.next();
  const other = db.prepare('select n from t');
  expect(other.all([])).toHaveLength(3);
  expect([...iterating]).toEqual([{ n: 2 }, { n: 3 }]);
});

test('past its size the least recently used statement is dropped, not the one just used', () => {
  const db = withStatementCache(open(), 2);
  const a = db.prepare('select 1');
  const b = db.prepare('select 2');
  expect(db.prepare('select 1')).toBe(a);
  db.prepare('select 3');
  expect(db.prepare('select 1')).toBe(a);
  expect(db.prepare('select 2')).not.toBe(b);
});
