import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/shared/**/*.test.ts', 'server/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
