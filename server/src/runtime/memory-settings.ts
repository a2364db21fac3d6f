import { readFileSync } from 'node:fs';

/**
 * How the documented production start runs node (docs/decisions/0280-idle-memory-second-round.md): README,
 * the Containerfile, the systemd units and compose.yaml spell these out, a test holds them to this file, and
 * the benchmarks start the server with them.
 *
 * - jemalloc instead of glibc's allocator, preloaded, with a background thread that hands freed pages back
 *   after a second: V8 compiles the embedded database's WebAssembly on four threads, and glibc kept ~50–100 MB
 *   of those compilers' freed memory in per-thread arenas for good.
 * - V8's young generation at most 2 MB a half (16 MB by default): it grows to its largest during start-up and
 *   is never given back, ~30 MB that an idle server does not use.
 *
 * Job processes keep glibc with their own settings (JOB_PROCESS_MALLOC, decision 0164): the pool leaves these out.
 */
export const PRODUCTION_ALLOCATOR = {
  LD_PRELOAD: 'libjemalloc.so.2',
  MALLOC_CONF: 'background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0',
} as const;

export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=2'] as const;

/** The Debian package that holds libjemalloc.so.2 (scripts/install-runtime-deps.sh installs it). */
export const ALLOCATOR_PACKAGE = 'libjemalloc2';

/**
 * What of the production start's memory settings this process lacks, as one line for the log, or null.
 * Read from /proc/self/maps and node's own options; elsewhere than Linux nothing is said.
 */
export function missingMemorySettings(execArgv: readonly string[] = process.execArgv): string | null {
  let maps: string;
  try {
    maps = readFileSync('/proc/self/maps', 'utf8');
  } catch {
    return null;
  }
  const missing = [
    ...(maps.includes('libjemalloc')
      ? []
      : [`LD_PRELOAD=${PRODUCTION_ALLOCATOR.LD_PRELOAD} MALLOC_CONF=${PRODUCTION_ALLOCATOR.MALLOC_CONF}`]),
    ...PRODUCTION_NODE_FLAGS.filter((flag) => !execArgv.includes(flag)),
  ];
  return missing.length === 0
    ? null
    : `started without the production start's memory settings (${missing.join(', ')}; README): an idle server takes ~60–100 MB more`;
}
