/**
 * `npm run test:keychain`: the real-keychain test only. It needs a D-Bus session with an unlocked
 * gnome-keyring, which tests/desktop/run-keychain-test.sh provides; vitest.config.ts leaves it out.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/desktop/keychain.test.ts'],
    environment: 'node',
    pool: 'forks',
    // The steps build on each other (store, read, replace, clear).
    sequence: { concurrent: false },
    testTimeout: 30_000,
  },
});
