/**
 * vitest global setup of the `postgres` project: one throwaway database on the machine's
 * PostgreSQL for the whole run (each test server makes its own schema in it), dropped at the end.
 */
import pg from 'pg';
import { ADMIN_POSTGRES_URL, RUN_DATABASE_URL_VARIABLE } from './test-database';

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

export default async function setup() {
  const name = `tellbox_test_${Date.now()}_${process.pid}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  // Workers start after this and inherit the environment.
  process.env[RUN_DATABASE_URL_VARIABLE] = url.toString();
  return async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
  };
}
