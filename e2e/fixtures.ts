import { test as base, expect } from '@playwright/test';
import { addressPool } from '../server/test/addresses.js';

let nextAddress: (() => string) | null = null;

/**
 * Every test browses from its own client address (the e2e server trusts X-Forwarded-For),
 * so the per-IP guest quota and sign-up limits of one test never spend another's. The worker's
 * index is part of the address: a worker restarted after a failure counts from zero again.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use, testInfo) => {
    nextAddress ??= addressPool(`10.${100 + (testInfo.workerIndex % 100)}`);
    await use({ 'X-Forwarded-For': nextAddress() });
  },
});

export { expect };
