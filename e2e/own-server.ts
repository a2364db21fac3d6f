import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A server of a spec's own, started from the run's build (scripts/start.mjs) with only the settings given,
 * as an operator would start it, on its own port and data folder. Stop it in `afterAll`.
 */
export async function startOwnServer(name: string, port: number, settings: Record<string, string>) {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `lightpix-e2e-${name}-`));
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ...settings,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 170_000;
  for (;;) {
    const healthy = await fetch(`${origin}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) break;
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the ${name} server did not start (exit ${server.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  return {
    origin,
    /** The server writes its database's files as it shuts down: its folder goes once it has exited. */
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
