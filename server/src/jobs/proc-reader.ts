import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

/**
 * A job process's CPU time and resident memory, read from /proc/<pid>/stat and /proc/<pid>/statm through
 * one descriptor each, opened once for the process and read again at offset 0 (each read is a fresh
 * reading): the time watch (every 50 ms, time-watch.ts) and the memory watch (every 10 ms,
 * memory-watch.ts) share it, instead of a descriptor opened per job for the memory and /proc/<pid>/stat
 * opened, read and closed at each time check (docs/decisions/0164).
 */
export interface ProcessReader {
  /** utime + stime in ms, all threads; null where there is no /proc, once the process is gone, or after close. */
  cpuMs(): number | null;
  /** Resident memory in bytes; null where there is no /proc, once the process is gone, or after close. */
  residentBytes(): number | null;
  /** Closes the descriptors; reads return null afterwards. Safe to call twice. */
  close(): void;
}

/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ, fixed for user space). */
const MS_PER_TICK = 10;

/** utime + stime of a /proc/<pid>/stat line in ms, null if it does not parse. */
export function cpuMsFromStat(stat: string): number | null {
  // The command name may hold spaces and parentheses; after its last ')' the fields start at the state (field 3).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * MS_PER_TICK : null;
}

/** /proc/<pid>/statm counts pages: this process's RSS in bytes over its own count, to the nearest power of two. */
const PAGE_BYTES = (() => {
  try {
    const pages = Number(readFileSync('/proc/self/statm', 'latin1').split(' ')[1]);
    return 2 ** Math.round(Math.log2(process.memoryUsage.rss() / pages));
  } catch {
    return 4096;
  }
})();

/** Resident bytes of a /proc/<pid>/statm line (its second field, in pages), null if it does not parse. */
export function residentFromStatm(statm: string): number | null {
  const pages = Number(statm.split(' ')[1]);
  return Number.isFinite(pages) ? pages * PAGE_BYTES : null;
}

function openOrNull(file: string): number | null {
  try {
    return openSync(file, 'r');
  } catch {
    return null;
  }
}

/** Opens the process's /proc files; a process that has ended already (or no /proc) gives a reader whose reads are null. */
export function openProcessReader(pid: number): ProcessReader {
  // stat holds a command name of at most 64 bytes and 52 numbers: well under 1 KiB.
  const text = Buffer.alloc(1024);
  let stat = openOrNull(`/proc/${pid}/stat`);
  let statm = openOrNull(`/proc/${pid}/statm`);
  const read = (fd: number | null): string | null => {
    if (fd === null) return null;
    try {
      return text.toString('latin1', 0, readSync(fd, text, 0, text.length, 0));
    } catch {
      // The process has ended (ESRCH): its exit tells the pool.
      return null;
    }
  };
  return {
    cpuMs() {
      const content = read(stat);
      return content === null ? null : cpuMsFromStat(content);
    },
    residentBytes() {
      const content = read(statm);
      return content === null ? null : residentFromStatm(content);
    },
    close() {
      for (const fd of [stat, statm]) if (fd !== null) closeSync(fd);
      stat = null;
      statm = null;
    },
  };
}
