import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from '../ports.js';

/** A Redis of the test's own on a free port, so it can be stopped (an outage) and started again on the same port. */
export async function privateRedis(extraArgs: string[] = []) {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
      started.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
    });
  };
  /** SIGKILL: Redis goes away as when its machine dies. */
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}

/**
 * A TCP relay in front of a service (PostgreSQL, the bucket): cut() closes every connection and refuses new
 * ones, as when the service goes away; mend() listens again on the same port.
 */
export async function relay(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const mend = async () => {
    server = net.createServer((incoming) => {
      const outgoing = net.connect(target.port, target.host);
      for (const socket of [incoming, outgoing]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      incoming.pipe(outgoing).pipe(incoming);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  };
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  await mend();
  return { port, cut, mend };
}

/** s3rver without any bucket: start-up must find the bucket missing, or create it with S3_CREATE_BUCKET=true. */
export async function bucketlessS3() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'lightpix-s3-empty-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = (await server.run()) as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
