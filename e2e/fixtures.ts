import { test as base, expect } from '@playwright/test';

let nextAddress = 0;

/**
 * Every test browses from its own client address (the e2e server trusts X-Forwarded-For),
 * so the per-IP guest quota of one test never spends another's.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => {
    nextAddress += 1;
    await use({ 'X-Forwarded-For': `10.20.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}` });
  },
});

export { expect };
