/**
 * vitest global setup of the `postgres` project: one throwaway database on the machine's
 * PostgreSQL for the whole run, and one beside it for each worker that needs one (each test server
 * makes its own schema in its worker's: test-database.ts), all dropped at the end.
 */
import {
  ADMIN_POSTGRES_URL,
  RUN_DATABASE_URL_VARIABLE,
  adminQuery,
  createThrowawayDatabase,
  workerDatabasePrefix,
} from './test-database';

export default async function setup() {
  const name = `tellbox_test_${Date.now()}_${process.pid}`;
  const database = await createThrowawayDatabase(name);
  // Workers start after this and inherit the environment.
  process.env[RUN_DATABASE_URL_VARIABLE] = database.url;
  return async () => {
    const workers = await adminQuery(
      'select datname from pg_database where starts_with(datname, $1)',
      ADMIN_POSTGRES_URL,
      [workerDatabasePrefix(name)],
    );
    for (const { datname } of workers.rows as { datname: string }[]) {
      await adminQuery(`drop database if exists ${datname} with (force)`);
    }
    await database.drop();
  };
}
