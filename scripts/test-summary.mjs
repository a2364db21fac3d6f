// Prints one closing line for the whole suite, summed from vitest's and Playwright's JSON reports.
import { readFileSync } from 'node:fs';

const vitest = JSON.parse(readFileSync('reports/vitest.json', 'utf8'));
const e2e = JSON.parse(readFileSync('reports/e2e.json', 'utf8'));
const passed = vitest.numPassedTests + e2e.stats.expected + e2e.stats.flaky;
const failed = vitest.numFailedTests + e2e.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + e2e.stats.skipped;
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
