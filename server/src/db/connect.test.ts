import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnreachable, openPostgres } from './client.js';

describe('a database that does not answer at start-up', () => {
  let silent: net.Server;
  let port: number;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    // Accepts TCP and never says a word, like a stuck server or a wrong port behind a firewall.
    silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  const refusal = (url: string) =>
    openPostgres(url, undefined, 300).then(
      () => null,
      (error: unknown) => error,
    );

  it('stops after the connect timeout with one line naming DATABASE_URL, and no password', async () => {
    const error = await refusal(`postgres://lightpix:s3cret-pass@127.0.0.1:${port}/lightpix`);
    expect(error).toBeInstanceOf(DatabaseUnreachable);
    const message = (error as Error).message;
    expect(message).toMatch(/^DATABASE_URL: cannot reach PostgreSQL at 127\.0\.0\.1:\d+\/lightpix \(no answer within 0\.3 s\)\.$/);
    expect(message).not.toContain('s3cret');
  });

  it('says the same of an address where nothing listens', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await refusal(`postgres://lightpix:s3cret-pass@127.0.0.1:${closedPort}/lightpix`);
    expect(error).toBeInstanceOf(DatabaseUnreachable);
    expect((error as Error).message).toMatch(/^DATABASE_URL: cannot reach PostgreSQL at .* \(the connection failed\)\.$/);
    expect((error as Error).message).not.toContain('s3cret');
  });
});
