import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // e2e tests spawn the CLI and analyze trees; two cores, so keep files in parallel modest.
    maxWorkers: 2,
  },
});
