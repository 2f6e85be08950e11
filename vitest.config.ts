import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** The API suites: run once on SQLite and once more on PostgreSQL. */
const API_SUITES = 'tests/api/**/*.test.ts';

/**
 * Suites that need more than Node, PostgreSQL and Redis. `npm test` runs the projects `sqlite` and
 * `postgres`, which leave these out, so it passes on a machine with nothing else installed;
 * `npm run test:tools` runs them in the projects `tools` and `tools-postgres` (CI installs the
 * tools: .ci/run).
 */
const TOOL_SUITES = {
  /** Three server processes behind Debian's nginx, and a private PostgreSQL made with initdb. */
  cluster: 'tests/cluster/**/*.test.ts',
  /** Reads /metrics with the official Prometheus parser (python3-prometheus-client), on both databases. */
  metrics: 'tests/api/metrics.test.ts',
  /** On PostgreSQL, backups are pg_dump and pg_restore (postgresql-client); on SQLite they need no tool. */
  postgresBackups: ['tests/api/backup.test.ts', 'tests/api/backup-schedule.test.ts'],
  /** Opens the CSV export in LibreOffice Calc (libreoffice-calc); on SQLite only, the CSV is the same on both. */
  spreadsheet: 'tests/api/feedback-export-spreadsheet.test.ts',
  /** `npm start` on a Node older than engines allows: Debian's /usr/bin/node (Node 20), or OLD_NODE_PATH. */
  oldNode: 'tests/node-version/**/*.test.ts',
};

/**
 * The API suites share their worker's modules from file to file instead of loading the whole
 * server again for each: on SQLite they took 91 s on 2 cores, 90 s of their workers' time spent
 * loading modules, and take 58 s without it. They can: each file starts its own app on its own
 * database, and none mocks a module. The renderer's and other unit suites stay isolated (they
 * mock modules and share jsdom's document).
 */
const SHARED_MODULES = { isolate: false };

/** The project of the API suites on PostgreSQL: a throwaway database for the run, a schema per server. */
const ON_POSTGRES = {
  env: { TEST_DATABASE: 'postgres' },
  globalSetup: ['tests/helpers/postgres-global-setup.ts'],
};

/** Everything but the API suites: each file in a fresh module graph (the default). */
const UNIT_SUITES = [
  'src/shared/**/*.test.ts',
  'server/**/*.test.ts',
  // The desktop app's main process and preload, with Electron's APIs injected or mocked.
  'src/main/**/*.test.ts',
  'src/preload/**/*.test.ts',
  'widget/**/*.test.ts',
  'tests/widget-size.test.ts',
  // The fuzzer's own parts (npm run fuzz runs the fuzzing itself).
  'tests/fuzz/**/*.test.ts',
  // The repository stands alone: its Markdown links resolve, nothing cites a document outside it.
  'tests/docs/**/*.test.ts',
  // The desktop app's packaging config (electron-builder.yml), checked and packed without Electron.
  'tests/desktop/packaging*.test.ts',
  // The renderer's component tests run in jsdom (each file says so: `@vitest-environment jsdom`).
  'src/renderer/**/*.test.{ts,tsx}',
];

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT_SUITES } },
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: [API_SUITES],
          exclude: [
            ...configDefaults.exclude,
            TOOL_SUITES.metrics,
            TOOL_SUITES.spreadsheet,
            // PostgreSQL's statement timeouts: SQLite cannot stop a read, and has none.
            'tests/api/heavy-read-timeouts.test.ts',
          ],
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [API_SUITES],
          ...SHARED_MODULES,
          exclude: [
            ...configDefaults.exclude,
            // Spawns the bundled server on its own SQLite file and checks the file's WAL: nothing of PostgreSQL's.
            'tests/api/graceful-shutdown.test.ts',
            // The modes of the server's own SQLite files, outbox and backups: nothing of PostgreSQL's.
            'tests/api/private-data.test.ts',
            // Copies a SQLite file into a throwaway PostgreSQL database whichever project runs it:
            // the sqlite project's run is the same test.
            'tests/api/copy-database.test.ts',
            TOOL_SUITES.metrics,
            ...TOOL_SUITES.postgresBackups,
            TOOL_SUITES.spreadsheet,
          ],
          ...ON_POSTGRES,
        },
      },
      {
        extends: true,
        test: {
          name: 'tools',
          include: [TOOL_SUITES.cluster, TOOL_SUITES.metrics, TOOL_SUITES.spreadsheet, TOOL_SUITES.oldNode],
        },
      },
      {
        extends: true,
        test: {
          name: 'tools-postgres',
          include: [TOOL_SUITES.metrics, ...TOOL_SUITES.postgresBackups],
          ...ON_POSTGRES,
        },
      },
    ],
    // tests/desktop/keychain.test.ts needs a keyring: `npm run test:keychain` runs it (vitest.keychain.config.ts).
    environment: 'node',
    // electron-store imports `electron`, which only runs inside Electron: inlining it lets the main
    // process tests' `vi.mock('electron', …)` reach that import.
    server: { deps: { inline: ['electron-store'] } },
    pool: 'forks',
    // Twice as many files at once as the machine has cores: an API suite spends much of its time
    // waiting on sockets, databases and mail, and another file's work fills that time. Both
    // projects share the pool, so the SQLite and PostgreSQL suites run side by side.
    maxWorkers: 2 * os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
