import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerBusyDoor } from './busy-door.js';
import { registerErrorHandler } from '../core/errors.js';
import { serverBusy } from '../jobs/queue.js';

/** An app with one upload route behind the door; `full` says whether the queue has room, `reads` counts bodies read. */
async function doorApp(waitMs: number) {
  const state = { full: true, checks: 0, reads: 0 };
  const app = Fastify();
  registerErrorHandler(app);
  registerBusyDoor(app, waitMs);
  app.addContentTypeParser('*', (_request, payload, done) => {
    state.reads++;
    payload.resume();
    payload.on('end', () => done(null, null));
  });
  const refuseWhenBusy = async () => {
    state.checks++;
    if (state.full) throw serverBusy();
  };
  app.post('/upload', { config: { refuseWhenBusy } }, async () => ({ ok: true }));
  app.post('/other', async () => ({ ok: true }));
  await app.ready();
  return { app, state };
}

const upload = {
  method: 'POST' as const,
  url: '/upload',
  payload: 'x'.repeat(1000),
  headers: { 'content-type': 'application/octet-stream' },
};

describe('the busy door (docs/decisions/0153)', () => {
  it('holds an upload that finds the queue full for its wait, then answers 503 with Retry-After, its body unread', async () => {
    const { app, state } = await doorApp(300);
    const started = performance.now();
    const response = await app.inject(upload);
    const waited = performance.now() - started;
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().error.code).toBe('server_busy');
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(state.checks).toBeGreaterThan(1);
    expect(state.reads).toBe(0);
    await app.close();
  });

  it('lets a held upload go on as soon as a place frees during its wait', async () => {
    const { app, state } = await doorApp(5_000);
    setTimeout(() => (state.full = false), 200);
    const response = await app.inject(upload);
    expect(response.statusCode).toBe(200);
    expect(state.reads).toBe(1);
    await app.close();
  });

  it('answers at once with no wait, and never holds a route that does not ask', async () => {
    const { app, state } = await doorApp(0);
    const started = performance.now();
    expect((await app.inject(upload)).statusCode).toBe(503);
    expect(performance.now() - started).toBeLessThan(250);
    expect(state.checks).toBe(1);
    expect((await app.inject({ ...upload, url: '/other' })).statusCode).toBe(200);
    expect(state.checks).toBe(1);
    await app.close();
  });
});
