import { plansResponseSchema } from '@lightpix/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers.js';

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
});
