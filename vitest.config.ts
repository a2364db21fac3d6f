import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/src/**/*.test.ts', 'server/src/**/*.test.ts', 'server/test/**/*.test.ts', 'web/src/**/*.test.ts', 'web/src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are large (~350 MiB each); two workers fit the 2-core machine.
    maxWorkers: 2,
  },
});
