import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers, type JobProcessPool } from '../../src/jobs/handlers.js';
import { sweepExpired } from '../../src/modules/retention/index.js';
import { createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';

/** Runs jobs in this process, each only once the test opens its gate: a job as long as the test wants, by the app's clock. */
function gatedPool() {
  let open!: () => void;
  let started!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const running = new Promise<void>((resolve) => (started = resolve));
  const pool: JobProcessPool = {
    async run(kind, input) {
      started();
      await gate;
      return (jobHandlers[kind] as (input: unknown) => Promise<never>)(input);
    },
    warm() {},
    processes: 0,
    async close() {},
  };
  return { pool, open, running };
}

describe.each(databaseKinds)('a job longer than the old sweep age on %s', (kind) => {
  let t: TestApp;
  let gated: ReturnType<typeof gatedPool>;
  beforeAll(async () => {
    gated = gatedPool();
    t = await createTestApp(kind, { QUOTA_GUEST: '10' }, undefined, { pool: gated.pool });
  });
  afterAll(() => t.close());

  it('keeps its reservation while it runs, and the visitor gets the result', async () => {
    const guest = visitor(t.app, '203.0.113.90');
    const answer = guest.process(await fixture('photo.jpg'), 'slow.jpg');
    await gated.running;
    // The old rule gave back reservations older than 5 minutes; an image's job may take 300 s wall-clock and wait before it (0158, 0173).
    t.clock.advanceHours(9 / 60);
    expect((await sweepExpired(t.database.db, t.store, t.clock.now())).staleReservations).toBe(0);
    gated.open();
    const response = await answer;
    expect(response.statusCode).toBe(201);
    const record = response.json();
    expect(record.status).toBe('completed');
    expect((await guest.get(record.objectPath)).statusCode).toBe(200);
  });
});
