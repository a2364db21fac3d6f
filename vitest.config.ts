import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/src/**/*.test.ts',
      'server/src/**/*.test.ts',
      'server/test/**/*.test.ts',
      'web/src/**/*.test.ts',
      'web/src/**/*.test.tsx',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    // Some tests build an app of their own (a PGlite copy of the template) or send a hundred images;
    // on a loaded 2-core machine that took over 30 s, so a hang is caught at two minutes instead.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // PGlite instances are large (~350 MiB each); two workers fit the 2-core machine.
    maxWorkers: 2,
  },
});
