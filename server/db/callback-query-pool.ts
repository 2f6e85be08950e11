/**
 * The `pg` pool as Kysely sees it, with every query run in pg's callback form.
 *
 * Kysely calls `client.query(sql, parameters)`, pg's promise form. Measured here (pg 8.23, Node
 * 24), the rows of a query run that way outlive the next young-generation collections: about half
 * of what a loop of 200-row keyset pages reads is promoted to the old generation, where it waits
 * for a full collection, so a million-row export grew the server by 100-190 MB. The same queries
 * in the callback form, wrapped in a promise of our own, promote nothing and run faster.
 */
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

function callbackQueryClient(client: pg.PoolClient): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    return new Promise((resolve, reject) => {
      client.query(sql, [...parameters], (error: Error | undefined, result: pg.QueryResult) => {
        if (error) reject(error);
        else resolve(result as unknown as PostgresQueryResult<R>);
      });
    });
  }
  return {
    // Kysely's cursor overload is used only with a `cursor` in the dialect's config, which Tellbox
    // does not set; the type asks for it all the same.
    query: query as PostgresPoolClient['query'],
    release: () => client.release(),
  };
}

export function callbackQueryPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => callbackQueryClient(await pool.connect()),
    end: () => pool.end(),
  };
}
