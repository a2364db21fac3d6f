import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../server/test/ports.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What a benchmark runs: the sources through tsx, the build as `npm start` runs it, or `npm start` itself (builds first if stale). */
const entriesOf = (tree: string) => ({
  sources: ['--import', 'tsx', path.join(tree, 'server/src/main.ts')],
  'worker sources': ['--import', 'tsx', path.join(tree, 'server/src/worker.ts')],
  build: [path.join(tree, 'server/dist/main.js')],
  'npm start': [path.join(tree, 'scripts/start.mjs')],
});
export type ServerEntry = keyof ReturnType<typeof entriesOf>;

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port (a worker answers no HTTP). */
  origin: string;
  pid: number;
  /** SIGTERM, resolved once it has exited. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** The benchmark's own environment under the settings (the default), or only PATH and HOME, so a developer's REDIS_URL or bucket is not used. */
  inheritEnv?: boolean;
  /** 'pipe' to read its log from child.stdout. */
  stdout?: 'ignore' | 'pipe';
  /** Node's own options before the entry (`--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
  /** Another build's main.js in place of the entry's (a copy of an older server/dist beside it). */
  script?: string;
  /**
   * Another checkout (built, its dependencies installed) whose server runs in place of this one's, from the
   * same entry: a before and an after measured by one benchmark script (`--tree`).
   */
  tree?: string;
}

/** On a loaded machine (other jobs, `nice`) compiling and starting the server from its sources can take minutes. */
const STARTUP_LIMIT_MS = 300_000;
const WORKER_READY = 'Lightpix worker is ready';

/**
 * Our server in its own process, as in production, on 127.0.0.1 and a free port, so the benchmark's
 * client work does not share its event loop. Resolves once /api/health answers (a worker: once it says
 * it is ready); stopped again if it does not start.
 */
export async function startServer(
  entry: ServerEntry,
  settings: Record<string, string>,
  options: ServerOptions = {},
): Promise<ServerProcess> {
  const worker = entry === 'worker sources';
  const port = worker ? 0 : await freePort();
  const base = options.inheritEnv === false ? { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? root } : process.env;
  const tree = options.tree ? path.resolve(options.tree) : root;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...(options.script ? [options.script] : entriesOf(tree)[entry])], {
    cwd: tree,
    // A worker's ready line is an info line on stdout.
    stdio: ['ignore', worker ? 'pipe' : (options.stdout ?? 'ignore'), 'inherit'],
    env: { ...base, ...settings, PORT: String(port), HOST: '127.0.0.1', ...(worker ? { LOG_LEVEL: 'info' } : {}) },
  });
  const server: ServerProcess = { child, origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopProcess(child) };
  try {
    await (worker ? workerReady(child) : waitUntilHealthy(server.origin, child));
  } catch (error) {
    // Not left running behind the benchmark's exit.
    await server.stop();
    throw error;
  }
  return server;
}

async function waitUntilHealthy(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /api/health within ${STARTUP_LIMIT_MS / 1000} s`);
}

async function workerReady(child: ChildProcess): Promise<void> {
  let output = '';
  const read = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', read);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the worker was not ready within ${STARTUP_LIMIT_MS / 1000} s:\n${output}`)),
        STARTUP_LIMIT_MS,
      );
      child.stdout!.on('data', function ready() {
        if (!output.includes(WORKER_READY)) return;
        child.stdout!.off('data', ready);
        clearTimeout(timer);
        resolve();
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the worker exited with ${code}:\n${output}`));
      });
    });
  } finally {
    // Its later log is read and dropped, so the pipe never fills.
    child.stdout!.off('data', read).resume();
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
