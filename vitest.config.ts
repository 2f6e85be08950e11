import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/shared/**/*.test.ts',
      'server/**/*.test.ts',
      // The desktop app's main process and preload, with Electron's APIs injected or mocked.
      'src/main/**/*.test.ts',
      'src/preload/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'widget/**/*.test.ts',
      'tests/widget-size.test.ts',
      // The desktop app's packaging config (electron-builder.yml), checked and packed without Electron.
      'tests/desktop/packaging*.test.ts',
      // The renderer's component tests run in jsdom (each file says so: `@vitest-environment jsdom`).
      'src/renderer/**/*.test.{ts,tsx}',
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
