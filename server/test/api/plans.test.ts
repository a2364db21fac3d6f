import { Writable } from 'node:stream';
import { plansResponseSchema } from '@lightpix/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../developers.js';
import { createTestApp, databaseKinds, testClock, type TestApp } from '../helpers.js';

describe.each(databaseKinds)('GET /api/plans on %s', (kind) => {
  let configured: TestApp;
  beforeAll(async () => {
    configured = await createTestApp(kind, { QUOTA_GUEST: '3', QUOTA_FREE: '25', QUOTA_PREMIUM: '500', RETENTION_HOURS: '6' });
  });
  afterAll(() => configured.close());

  it('states the retention and the limits the operator configured, which the legal pages quote', async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const body = plansResponseSchema.parse(response.json());
    expect(body.retentionHours).toBe(6);
    expect(body.plans.map((plan) => [plan.tier, plan.maxImages])).toEqual([
      ['guest', 3],
      ['registered', 25],
      ['premium', 500],
    ]);
  });

  it('defaults to 24 hours of retention', async () => {
    const plain = await createTestApp(kind);
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/api/plans' });
      expect(response.json().retentionHours).toBe(24);
    } finally {
      await plain.close();
    }
  });

  it('says payments are off without Stripe keys; a purchase attempt answers 503 and is logged at info, without a stack', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const plain = await createTestApp(kind, {}, testClock(), { logger: { level: 'info', stream } });
    try {
      expect(plansResponseSchema.parse((await plain.app.inject({ method: 'GET', url: '/api/plans' })).json()).paymentsAvailable).toBe(
        false,
      );
      const { client } = await signedUp(plain.app, '198.51.100.77', 'no-payments@example.com');
      const attempt = await client.post('/api/subscription/create', { attemptId: crypto.randomUUID() });
      expect(attempt.statusCode).toBe(503);
      expect(attempt.json().error.code).toBe('payments_unavailable');
      const logged = lines
        .map((line) => JSON.parse(line) as { level: number; code?: string; err?: unknown })
        .filter((entry) => entry.code === 'payments_unavailable');
      expect(logged).toHaveLength(1);
      expect(logged[0]!.level).toBe(30);
      expect(logged[0]!.err).toBeUndefined();
      expect(lines.join('')).not.toContain('"stack"');
    } finally {
      await plain.close();
    }
  });
});
