/**
 * `npm run screenshots`: every console screen at 375 and 1440 px, light and dark, as PNG files in
 * screenshots/ (see tests/screenshots/). The same server, data and Chromium as the browser tests.
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium';

export default defineConfig({
  testDir: 'tests/screenshots',
  testMatch: '**/*.screenshots.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  retries: 0,
  timeout: 120_000,
  outputDir: 'test-results/screenshots',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: chromiumLaunchOptions(),
    timezoneId: 'UTC',
    locale: 'en-US',
  },
});
