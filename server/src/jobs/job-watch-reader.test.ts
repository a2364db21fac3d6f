import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { canWatchMemory, cpuTimeMs, openProcessReader, residentBytes } from './job-watch.js';

// One reader per job process serves its time and memory watches through descriptors held open (docs/decisions/0164).
describe.runIf(canWatchMemory)("a job process's /proc reader", () => {
  it('reads the CPU time and resident memory that /proc/<pid>/stat and status give, fresh at each read', () => {
    const reader = openProcessReader(process.pid);
    try {
      const cpu = reader.cpuMs()!;
      expect(Math.abs(cpu - cpuTimeMs(process.pid)!)).toBeLessThanOrEqual(20);
      // The same descriptor sees the time grow: each read at offset 0 is a new reading.
      let spins = 0;
      while (reader.cpuMs()! < cpu + 50) spins++;
      expect(spins).toBeGreaterThan(0);
      const ratio = reader.residentBytes()! / residentBytes(process.pid)!;
      expect(ratio).toBeGreaterThan(0.8);
      expect(ratio).toBeLessThan(1.25);
    } finally {
      reader.close();
    }
  });

  it('reads nothing once the process has ended, nor after it is closed', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const reader = openProcessReader(child.pid!);
    expect(reader.cpuMs()).not.toBeNull();
    expect(reader.residentBytes()).not.toBeNull();
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
    expect(reader.cpuMs()).toBeNull();
    expect(reader.residentBytes()).toBeNull();
    reader.close();
    reader.close();

    const own = openProcessReader(process.pid);
    own.close();
    expect(own.cpuMs()).toBeNull();
    expect(own.residentBytes()).toBeNull();
  });
});
