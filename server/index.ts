/**
 * The server process: configuration, database, migrations, the app, and a graceful stop on
 * SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the database).
 */
import path from 'node:path';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openSqlite } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { createLogger } from './lib/logger';
import { createPasswordHasher } from './lib/passwords';
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

async function main() {
  const { config, plans } = readConfig();
  const logger = createLogger(config.logLevel);
  const database = openSqlite(config.sqlitePath);
  const applied = await migrateToLatest(database.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
  });

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
    },
    { isShuttingDown: () => shuttingDown, shutdownSignal: shutdown.signal },
  );

  const server = app.listen(config.port, config.host, () => {
    logger.info(
      {
        url: `http://${config.host}:${config.port}`,
        publicUrl: config.publicUrl,
        database: config.sqlitePath,
        sqlite: database.sqliteVersion,
        migrations: applied,
        mail: mailer.describe(),
        rateLimits: config.rateLimits,
      },
      'Tellbox is listening',
    );
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'the server could not start');
    process.exit(1);
  });

  const stop = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    shutdown.abort();
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    // Keep-alive sockets would hold the server open: answer on them with Connection: close, and
    // close each one as soon as its last request is done.
    server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.close(() => {
      clearInterval(sweep);
      mailer
        .idle()
        .then(() => mailer.close())
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
  process.stderr.write(`Tellbox could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
