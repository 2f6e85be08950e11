/** A read worker for read-pool.test.ts: reads that say where they ran, fail, or end their worker. */
import { threadId } from 'node:worker_threads';
import { sql } from 'kysely';
import { serveReads } from '../read-worker-host';

serveReads((db) => ({
  async whereAmI() {
    const { rows } = await sql<{ count: number }>`select count(*) as count from probe`.execute(db);
    return { threadId, rows: rows[0]?.count };
  },
  async write() {
    await sql`insert into probe (value) values (1)`.execute(db);
  },
  async fail(code: string) {
    throw Object.assign(new Error('the read failed'), { code });
  },
  // The thread ends mid-read, as a crash in native code would end it.
  async crash(): Promise<never> {
    process.exit(3);
  },
}));
