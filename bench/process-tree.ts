import { readdir, readFile } from 'node:fs/promises';

const PAGE_BYTES = 4096;
const CLOCK_TICKS_PER_SECOND = 100;

interface ProcessInfo {
  parent: number;
  rssBytes: number;
  /** User and system CPU time of the process itself. */
  cpuSeconds: number;
  /** The same for children that ended and were waited for. */
  endedChildrenCpuSeconds: number;
}

async function readProcesses(): Promise<Map<number, ProcessInfo>> {
  const processes = new Map<number, ProcessInfo>();
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields are counted after the last ')'.
      const fields = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      processes.set(pid, {
        parent: fields[1]!,
        rssBytes: fields[21]! * PAGE_BYTES,
        cpuSeconds: (fields[11]! + fields[12]!) / CLOCK_TICKS_PER_SECOND,
        endedChildrenCpuSeconds: (fields[13]! + fields[14]!) / CLOCK_TICKS_PER_SECOND,
      });
    } catch {
      // The process ended while the tree was read.
    }
  }
  return processes;
}

/** The process and all its descendants (the server and its job processes). */
function descendants(processes: Map<number, ProcessInfo>, rootPid: number): number[] {
  const found: number[] = [];
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    if (found.includes(pid)) continue;
    found.push(pid);
    for (const [child, info] of processes) if (info.parent === pid) pending.push(child);
  }
  return found.filter((pid) => processes.has(pid));
}

/** The resident memory of a process and all its descendants, and how many processes that is. Linux /proc only. */
export async function treeMemory(rootPid: number): Promise<{ bytes: number; processes: number }> {
  const processes = await readProcesses();
  const tree = descendants(processes, rootPid);
  return { bytes: tree.reduce((sum, pid) => sum + processes.get(pid)!.rssBytes, 0), processes: tree.length };
}

/** The resident memory of a process and all its descendants, in bytes. */
export async function treeRss(rootPid: number): Promise<number> {
  return (await treeMemory(rootPid)).bytes;
}

/** CPU seconds used so far by the root process itself and by its descendants (job processes). */
export async function treeCpu(rootPid: number): Promise<{ root: number; descendants: number }> {
  const processes = await readProcesses();
  const tree = descendants(processes, rootPid).map((pid) => processes.get(pid)!);
  const own = processes.get(rootPid);
  const childrenCpu = tree.reduce((sum, info) => sum + info.cpuSeconds + info.endedChildrenCpuSeconds, 0) - (own?.cpuSeconds ?? 0);
  return { root: own?.cpuSeconds ?? 0, descendants: childrenCpu };
}

/** CPU seconds used so far by each of the given processes that is still running. */
export async function processesCpu(pids: number[]): Promise<Map<number, number>> {
  const processes = await readProcesses();
  return new Map(pids.flatMap((pid) => (processes.has(pid) ? [[pid, processes.get(pid)!.cpuSeconds] as const] : [])));
}

/** Samples the tree's RSS every few hundred ms until stopped; stop() gives the peak seen. */
export function watchPeakRss(rootPid: number, everyMs = 250) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await treeRss(rootPid).catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop(): Promise<number> {
      running = false;
      await loop;
      return Math.max(peak, await treeRss(rootPid).catch(() => 0));
    },
  };
}
