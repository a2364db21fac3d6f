import net from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.js';
import { addressPool, createTestApp, databaseKinds, fixture, testClock, visitor, type TestApp } from '../helpers.js';

const nextIp = addressPool('198.20');

/** Sends an upload's head and no body; resolves with what the server answered and when. */
function headOnly(port: number, path: string): Promise<{ answer: string; ms: number }> {
  const head = [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: multipart/form-data; boundary=x',
    'Content-Length: 5000000',
    'Connection: close',
    '',
    '',
  ];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head.join('\r\n')));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => resolve({ answer, ms: performance.now() - started }));
    socket.on('error', reject);
  });
}

// A full queue's 503 is answered before the session and the body (docs/decisions/0153), on each database.
describe.each(databaseKinds)('uploads refused while the queue is full on %s', (kind) => {
  let t: TestApp;
  let port: number;
  const sessionRows = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;
  beforeAll(async () => {
    // No room at all: every upload waits at the door, then is turned away.
    t = await createTestApp(kind, { QUOTA_GUEST: '5' }, testClock(), {
      queueLimits: { concurrency: 1, maxWaiting: 0 },
      busyDoorWaitMs: 200,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers an image or deck upload 503 after the door wait, with its body never sent and no session', async () => {
    const before = await sessionRows();
    for (const path of ['/api/images/process', '/api/presentations/process']) {
      const { answer, ms } = await headOnly(port, path);
      expect(answer).toMatch(/^HTTP\/1\.1 503/);
      expect(answer).toMatch(/retry-after: 5/i);
      expect(answer).toContain('"code":"server_busy"');
      expect(answer).not.toMatch(/set-cookie/i);
      expect(ms).toBeGreaterThanOrEqual(190);
    }
    expect(await sessionRows()).toBe(before);
  });

  it('writes no session row and uses no quota for twenty clients that resend their 503 at once', async () => {
    const before = await sessionRows();
    const photo = await fixture('photo.jpg');
    const client = visitor(t.app, nextIp());
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        visitor(t.app, nextIp())
          .process(photo, 'a.jpg')
          .then((r) => r.statusCode),
      ),
    );
    expect(statuses).toEqual(Array(20).fill(503));
    expect(await sessionRows()).toBe(before);
    expect((await client.get('/api/session/current')).json().imagesProcessed).toBe(0);
  });
});
