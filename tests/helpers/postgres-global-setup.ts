/**
 * vitest global setup of the `postgres` project: one throwaway database on the machine's
 * PostgreSQL for the whole run (each test server makes its own schema in it), dropped at the end.
 */
import { RUN_DATABASE_URL_VARIABLE, createThrowawayDatabase } from './test-database';

export default async function setup() {
  const database = await createThrowawayDatabase(`tellbox_test_${Date.now()}_${process.pid}`);
  // Workers start after this and inherit the environment.
  process.env[RUN_DATABASE_URL_VARIABLE] = database.url;
  return database.drop;
}
