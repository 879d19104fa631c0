import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Integration tests start real servers on loopback; keep them independent.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
