import { configDefaults, defineConfig } from 'vitest/config';

/** The API suites: run once on SQLite with everything else, and once more on PostgreSQL. */
const API_SUITES = 'tests/api/**/*.test.ts';

const ALL_SUITES = [
  'src/shared/**/*.test.ts',
  'server/**/*.test.ts',
  // The desktop app's main process and preload, with Electron's APIs injected or mocked.
  'src/main/**/*.test.ts',
  'src/preload/**/*.test.ts',
  API_SUITES,
  // Three server processes behind nginx on one PostgreSQL and Redis, and their faults: once, here.
  'tests/cluster/**/*.test.ts',
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
      { extends: true, test: { name: 'sqlite', include: ALL_SUITES } },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [API_SUITES],
          // Spawns the bundled server on its own SQLite file and checks the file's WAL: nothing of PostgreSQL's.
          exclude: [...configDefaults.exclude, 'tests/api/graceful-shutdown.test.ts'],
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['tests/helpers/postgres-global-setup.ts'],
        },
      },
    ],
    // tests/desktop/keychain.test.ts needs a keyring: `npm run test:keychain` runs it (vitest.keychain.config.ts).
    environment: 'node',
    // electron-store imports `electron`, which only runs inside Electron: inlining it lets the main
    // process tests' `vi.mock('electron', …)` reach that import.
    server: { deps: { inline: ['electron-store'] } },
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
