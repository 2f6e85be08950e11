import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from './database-errors';

describe('isDatabaseUnavailable', () => {
  test('a database that is away: refused, restarting, dropped connections, no connection in time', () => {
    const away = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client was closed and is not queryable'),
    ];
    for (const error of away) expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  test('bugs and bad data are not mistaken for an outage', () => {
    const bugs = [
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('relation "posts" does not exist'), { code: '42P01' }),
      Object.assign(new Error('no such table: posts'), { code: 'SQLITE_ERROR' }),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      undefined,
      'a string',
    ];
    for (const error of bugs) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
