import { afterEach, describe, expect, it } from 'vitest';
import { canWatchMemory, openProcessReader, type ProcessReader, residentBytes, watchMemory } from './job-watch.js';

// The job memory budget is read from outside the job process (docs/decisions/0149, 0159).
describe.runIf(canWatchMemory)('watching a process’s memory', () => {
  let reader: ProcessReader | null = null;
  const ownReader = () => (reader = openProcessReader(process.pid));
  afterEach(() => reader?.close());

  it('reads the same resident memory as /proc/<pid>/status says, and calls over-budget once', async () => {
    const status = residentBytes(process.pid)!;
    const seen: number[] = [];
    watchMemory(ownReader(), status / 2, (bytes) => seen.push(bytes));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toHaveLength(1);
    // RSS moves a little between two reads; a wrong page size would be 16 times off.
    expect(seen[0]! / status).toBeGreaterThan(0.8);
    expect(seen[0]! / status).toBeLessThan(1.25);
  });

  it('stays silent under the budget and after it is stopped', async () => {
    const seen: number[] = [];
    const stop = watchMemory(ownReader(), residentBytes(process.pid)! * 4, (bytes) => seen.push(bytes));
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    stop();
    expect(seen).toEqual([]);
  });
});
