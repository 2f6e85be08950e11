/**
 * The server process: configuration, database, migrations, the app, and a graceful stop on
 * SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the database).
 */
import http from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { startBackupScheduler } from './backup/backup-scheduler';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type OpenedDatabase } from './db/connection';
import { describePostgres } from './db/postgres';
import { migrateToLatest } from './db/migrate';
import { createLogger } from './lib/logger';
import { createPasswordHasher } from './lib/passwords';
import { tightenToPrivate, type PrivatePlaces } from './lib/private-files';
import { createRedisLink, describeRedisUrl } from './lib/redis';
import { systemClock } from './lib/time';
import { createMailer } from './mail/mailer';
import type { PlanTable } from '../src/shared/plans';
import { loadPlanTable } from './plan-table';

/** In-flight requests get this long to finish after SIGTERM before connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): { config: Config; plans: PlanTable } {
  try {
    const config = loadConfig();
    return { config, plans: loadPlanTable(config.plansFile) };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}

/** Where this configuration keeps its data: made private at every start (server/lib/private-files.ts). */
function privatePlaces(config: Config, outboxDir: string): PrivatePlaces {
  const { database, backup } = config;
  const sqliteFile = database.kind === 'sqlite' && database.path !== ':memory:' ? database.path : undefined;
  return {
    dirs: [config.dataDir, outboxDir, ...(backup ? [backup.dir] : [])],
    // The database may live outside DATA_DIR (DATABASE_URL): its folder is not ours to change then.
    files: sqliteFile ? ['', '-wal', '-shm', '-journal'].map((suffix) => `${sqliteFile}${suffix}`) : [],
  };
}

/** Thrown when start-up cannot go on; its message is all the admin needs to read. */
class StartupError extends Error {}

/** Migrates the database; a database that cannot be reached stops the start with one clear line. */
async function prepareDatabase(database: OpenedDatabase, config: Config) {
  try {
    const applied = await migrateToLatest(database.db);
    return { applied, describedDatabase: await database.describe() };
  } catch (error) {
    const where = config.database.kind === 'postgres' ? describePostgres(config.database.url) : config.database.path;
    const reason = error instanceof Error ? error.message : String(error);
    await database.close().catch(() => {});
    throw new StartupError(`Tellbox could not open its database (DATABASE_URL: ${where}): ${reason}`);
  }
}

async function main() {
  const { config, plans } = readConfig();
  const logger = createLogger(config.logLevel);
  const outboxDir = path.join(config.dataDir, 'outbox');
  // Installations made before issue 30 left the outbox, the database and backups readable by every
  // local user: fixed here, and said once. A file that cannot be changed is said too, but the start goes on.
  const { tightened, refused } = tightenToPrivate(privatePlaces(config, outboxDir));
  if (tightened.length > 0) {
    logger.warn({ tightened }, 'data files other local users could read are now private to this user');
  }
  if (refused.length > 0) {
    logger.warn({ refused }, 'data files other local users can read could not be made private: change them by hand');
  }
  // A pooled connection that PostgreSQL closed while idle (a restart) is dropped and replaced.
  const database = openDatabase(config.database, (error) =>
    logger.warn({ reason: error.message }, 'a database connection was closed by the server'),
  );
  const { applied, describedDatabase } = await prepareDatabase(database, config);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir,
    logger,
  });
  // Several instances share rate limits, owner events and cache invalidations through Redis.
  const redis = config.redisUrl
    ? createRedisLink({ url: config.redisUrl, prefix: config.redisPrefix, logger })
    : undefined;

  let shuttingDown = false;
  // Open event streams never finish on their own: aborting this ends them, so close() can complete.
  const shutdown = new AbortController();
  const app = createApp(
    {
      config,
      db: database.db,
      logger,
      mailer,
      clock: systemClock,
      plans,
      passwords: createPasswordHasher(),
      redis,
    },
    {
      isShuttingDown: () => shuttingDown,
      shutdownSignal: shutdown.signal,
      poolStats: database.poolStats,
      heavyReads: { startWorkers: true },
    },
  );

  const server = http.createServer(app.listener);
  server.listen(config.port, config.host, () => {
    logger.info(
      {
        url: `http://${config.host}:${config.port}`,
        publicUrl: config.publicUrl,
        database: describedDatabase,
        migrations: applied,
        mail: mailer.describe(),
        rateLimits: config.rateLimits,
        redis: config.redisUrl ? describeRedisUrl(config.redisUrl) : 'off: one instance, state in this process',
        backups: config.backup ?? 'off',
      },
      'Tellbox is listening',
    );
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'the server could not start');
    process.exit(1);
  });

  const backups = config.backup
    ? startBackupScheduler({ schedule: config.backup, database: config.database, logger })
    : undefined;

  const stop = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    shutdown.abort();
    // A backup under way is stopped now (its partial file removed); the database closes after it.
    const backupsStopped = backups?.stop();
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    // Keep-alive sockets would hold the server open: answer on them with Connection: close, and
    // close each one as soon as its last request is done. Set before the app sees the request: a
    // listener after it found some answers already sent (one written at once, in the same tick)
    // and threw ERR_HTTP_HEADERS_SENT, which ended the process mid-drain with exit code 1.
    server.prependListener('request', (_req, res) => {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    });
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.close(() => {
      clearInterval(sweep);
      // Background work (alerts being sent) ends first, then its mail, then the connections.
      app
        .close()
        .then(() => mailer.idle())
        .then(() => mailer.close())
        .then(() => redis?.close())
        .then(() => backupsStopped)
        .then(() => database.close())
        .then(() => {
          logger.info('stopped');
          process.exit(0);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'the database did not close cleanly');
          process.exit(1);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Tellbox could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
