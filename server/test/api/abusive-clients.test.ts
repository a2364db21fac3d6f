import net from 'node:net';
import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.js';
import { addressPool, createTestApp, databaseKinds, fixture, testClock, visitor, type TestApp } from '../helpers.js';

const nextIp = addressPool('198.19');

/** Opens a raw connection, writes `text`, and resolves with everything the server sent before closing. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const uploadHead = (bytes: number) =>
  [
    'POST /api/images/process HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: multipart/form-data; boundary=x',
    `Content-Length: ${bytes}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');

describe.each(databaseKinds)('slow and abusive clients on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_GUEST: '5' });
  });
  afterAll(() => t.close());

  const sessionRows = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;

  it('writes no session row for cookie-less reads, only once the visitor processes an image', async () => {
    const before = await sessionRows();
    for (const url of ['/api/session/current', '/api/auth/user', '/api/plans', '/api/images/history', '/']) {
      for (let i = 0; i < 5; i++) {
        const response = await t.app.inject({ method: 'GET', url, remoteAddress: nextIp() });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    }
    expect(await sessionRows()).toBe(before);

    const guest = visitor(t.app, nextIp());
    expect((await guest.get('/api/session/current')).json()).toMatchObject({ tier: 'guest', imagesProcessed: 0 });
    expect((await guest.process(await fixture('photo.jpg'), 'a.jpg')).statusCode).toBe(201);
    expect(guest.cookie).not.toBe('');
    expect(await sessionRows()).toBe(before + 1);
    expect((await guest.get('/api/session/current')).json()).toMatchObject({ imagesProcessed: 1 });
  });

  it('turns away the part of a burst the queue cannot hold before it writes a session row', async () => {
    // Room for one job running and one waiting; ten new visitors upload at the same moment.
    const small = await createTestApp(kind, { QUOTA_GUEST: '5' }, testClock(), { queueLimits: { concurrency: 1, maxWaiting: 1 } });
    try {
      const rows = async () => (await small.database.db.select({ n: count() }).from(sessions))[0]!.n;
      const before = await rows();
      const photo = await fixture('photo.jpg');
      const responses = await Promise.all(Array.from({ length: 10 }, () => visitor(small.app, nextIp()).process(photo, 'a.jpg')));
      const accepted = responses.filter((r) => r.statusCode === 201).length;
      const busy = responses.filter((r) => r.statusCode === 503);
      expect(accepted).toBeGreaterThanOrEqual(1);
      expect(accepted + busy.length).toBe(10);
      expect(busy[0]!.json().error.code).toBe('server_busy');
      // Only the visitors whose image was processed have a session.
      expect(await rows()).toBe(before + accepted);
    } finally {
      await small.close();
    }
  });
});

describe('connections that hold the server', () => {
  let t: TestApp;
  let port: number;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logs = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(databaseKinds[0]!, {}, testClock(), {
      // A queue with no room at all: every upload is turned away.
      queueLimits: { concurrency: 1, maxWaiting: 0 },
      timeouts: { headersMs: 1000, requestMs: 500, checkEveryMs: 50 },
      // Shorter than the request timeout, so a held upload is answered 503 before it is cut off.
      busyDoorWaitMs: 100,
      logger: { level: 'info', stream: logs },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('cuts off a client that sends its body a byte at a time, with 408', async () => {
    // 10 000 bytes announced, one sent: the client never finishes within the request timeout.
    const head = ['POST /api/auth/login HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', 'Content-Length: 10000', '', ''];
    const answer = await rawRequest(port, `${head.join('\r\n')}{`);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"code":"invalid_input"');
  });

  it('answers too long a URL with 431 in the contract’s JSON', async () => {
    const answer = await rawRequest(port, `GET /api/plans?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    expect(answer).toContain('"error":{"code":"invalid_input"');
  });

  it('refuses an upload with 503 when the queue is full, before reading its body or starting a session', async () => {
    const rowsBefore = (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;
    // The body is announced but never sent: the answer comes anyway.
    const answer = await rawRequest(port, uploadHead(5_000_000));
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer).toMatch(/retry-after: 5/i);
    expect(answer).toContain('"code":"server_busy"');
    expect(answer).not.toMatch(/set-cookie/i);
    expect((await t.database.db.select({ n: count() }).from(sessions))[0]!.n).toBe(rowsBefore);
  });

  it('logs a busy answer as a warning without a stack, not as an error', async () => {
    const lines = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
    const busy = lines.filter((line) => /processing many images/.test(line.msg));
    expect(busy.length).toBeGreaterThan(0);
    for (const line of busy) {
      expect(line.level).toBe(40);
      expect(line.err).toBeUndefined();
    }
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
