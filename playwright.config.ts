/**
 * `npm run test:e2e`: browser tests under tests/e2e, one project per area (the widget now, the
 * owner console later). Chromium only: Playwright's bundled build where installed, else Debian's.
 *
 * CI reads the counts from a JSON report: set PLAYWRIGHT_JSON_OUTPUT_FILE to a path to get one
 * besides the console output.
 */
import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { TEST_HOSTS_RULE, chromiumLaunchOptions } from './tests/e2e/chromium';

const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // One worker per core: each worker drives its own Chromium and runs its own Tellbox server, and
  // the suite is bound by the CPU (on 2 cores, 3 workers took longer than 2).
  workers: os.availableParallelism(),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  outputDir: 'test-results',
  reporter: [['list'], ...(jsonReport ? [['json', { outputFile: jsonReport }] as const] : [])],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: chromiumLaunchOptions(),
    // No trace: recording one for every test (retain-on-failure records all of them and keeps the
    // failed ones) took a fifth of the suite's time on 2 cores, most of it in the DOM snapshots.
    // A failure keeps its screenshot and Playwright's page snapshot in the error's context; for a
    // trace, run the failing test again with `npx playwright test --trace on <file>:<line>`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'widget',
      testDir: 'tests/e2e/widget',
      use: { launchOptions: chromiumLaunchOptions([TEST_HOSTS_RULE]), timezoneId: 'UTC', locale: 'en-US' },
    },
    {
      // The console's public side against the built renderer (`npm run build:renderer` first).
      name: 'console',
      testDir: 'tests/e2e/console',
      // Without motion, as an owner who asks their system for less of it: a click lands where the
      // button is, never on one still zooming into place (the toast and motion specs turn it on).
      use: { timezoneId: 'UTC', locale: 'en-US', reducedMotion: 'reduce' },
    },
  ],
});
