/**
 * Starts the real app on a temporary SQLite file (or, in the `postgres` vitest project, a fresh
 * PostgreSQL schema) and a loopback port, as `npm start` would,
 * with a cheaper scrypt cost so suites that create many accounts stay quick.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { PlanTable } from '../../src/shared/plans';
import { createApp, type AppOptions } from '../../server/app';
import type { AppRoute } from '../../server/openapi/app-routes';
import type { StaticPaths } from '../../server/static/static-assets';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import { loadPlanTable } from '../../server/plan-table';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { createLogger } from '../../server/lib/logger';
import { createPasswordHasher } from '../../server/lib/passwords';
import { createRedisLink } from '../../server/lib/redis';
import { createMailer } from '../../server/mail/mailer';
import { createTestClock, type TestClock } from './test-clock';
import { createTestDatabase, type TestDatabase } from './test-database';
import { freePort } from './free-port';

export interface TestServer {
  /** e.g. `http://127.0.0.1:41234` */
  url: string;
  /** PUBLIC_URL: the base of e-mailed links. */
  publicUrl: string;
  dataDir: string;
  /** DATABASE_URL of the server's database (for a spawned admin command). */
  databaseUrl: string;
  db: Kysely<Database>;
  clock: TestClock;
  /** Every route the app answers (the OpenAPI test holds the document to them). */
  routes(): AppRoute[];
  /**
   * Resolves once every mail handed to the mailer so far is delivered (or failed). A request hands
   * its mail over before it answers, so after an answer this is the moment its mail has arrived,
   * and a mail that has not arrived by then was never sent.
   */
  mailIdle(): Promise<void>;
  /**
   * Runs the background loops now (alerts and digests, due webhook deliveries) and resolves once
   * what they sent has arrived, mail included: after it, an alert or delivery that is not there
   * was not due.
   */
  settleBackground(): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Send mail to this SMTP server; without it mail goes to `dataDir/outbox`. */
  smtpUrl?: string;
  /** Rate limits are off unless a suite tests them. */
  rateLimits?: boolean;
  /** The plan table; without it, PLANS_FILE in `env` (read as the server reads it) or the defaults. */
  plans?: PlanTable;
  /** Log level; `silent` unless a suite reads the log. */
  logLevel?: string;
  logFile?: string;
  clockStart?: Date;
  /** More environment variables, e.g. the STRIPE_* ones. */
  env?: Record<string, string>;
  /** Where the widget script and the renderer are served from; the app's defaults (this checkout) otherwise. */
  staticPaths?: StaticPaths;
  /**
   * PUBLIC_URL is the server's own loopback address instead of TEST_PUBLIC_URL, so links the
   * server builds (the test-mode checkout page, e-mailed links) open in a browser as they are.
   */
  selfPublicUrl?: boolean;
  /**
   * A database the suite made (createTestDatabase) and keeps across servers, e.g. to restart on
   * the same data; the server neither makes nor drops one then.
   */
  database?: TestDatabase;
  /** More app options (the event stream's heartbeat, a shutdown signal). */
  app?: Omit<AppOptions, 'staticPaths'>;
  /** Share state through this Redis (under REDIS_PREFIX from `env`), as REDIS_URL does. */
  redisUrl?: string;
}

export const TEST_PUBLIC_URL = 'http://tellbox.test:8080';

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tellbox-test-'));
  const listenPort = options.selfPublicUrl ? await freePort() : 0;
  const publicUrl = options.selfPublicUrl ? `http://127.0.0.1:${listenPort}` : TEST_PUBLIC_URL;
  const testDatabase = options.database ?? (await createTestDatabase(dataDir));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabase.url,
    PORT: String(listenPort),
    PUBLIC_URL: publicUrl,
    SMTP_URL: options.smtpUrl,
    RATE_LIMITS: options.rateLimits ? 'on' : 'off',
    LOG_LEVEL: options.logLevel ?? 'silent',
    ...options.env,
  });
  const logger = createLogger(config.logLevel, options.logFile);
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const clock = createTestClock(options.clockStart);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(dataDir, 'outbox'),
    logger,
  });
  const redis = options.redisUrl
    ? createRedisLink({ url: options.redisUrl, prefix: config.redisPrefix, logger, maxReconnectDelayMs: 250 })
    : undefined;
  const app = createApp(
    {
      config,
      db: database.db,
      logger,
      mailer,
      clock,
      plans: options.plans ?? loadPlanTable(config.plansFile),
      passwords: createPasswordHasher({ N: 2 ** 12, r: 8, p: 1 }),
      redis,
    },
    { ...options.app, staticPaths: options.staticPaths, poolStats: database.poolStats },
  );
  const server = http.createServer(app.listener);
  // The server and the tests' HTTP clients share one event loop. With Node's 5 s keep-alive timeout,
  // a loop held up past it (a busy machine stretches a long synchronous step) lets the server close
  // an idle connection in the same turn as a client writes its next request to it: ECONNRESET.
  // Idle connections are kept until the server closes (close() ends them all).
  server.keepAliveTimeout = 10 * 60_000;
  server.listen(listenPort, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    publicUrl,
    dataDir,
    databaseUrl: testDatabase.url,
    db: database.db,
    clock,
    routes: () => app.routes(),
    mailIdle: () => mailer.idle(),
    async settleBackground() {
      await app.settle();
      await mailer.idle();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await redis?.close();
      await mailer.idle();
      mailer.close();
      await database.close();
      if (!options.database) await testDatabase.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
