import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

/** The OPERATOR_* settings reach the legal pages through GET /api/plans, null when unset (docs/decisions/0247). */
describe('the operator in /api/plans', () => {
  let test: TestApp | undefined;
  afterEach(async () => test?.close());

  it('sends each setting, trimmed, and null for the ones not set', async () => {
    test = await createTestApp('pglite', { OPERATOR_NAME: '  Nebbia Pixel S.r.l. ', OPERATOR_EMAIL: 'legal@nebbia.example' });
    const body = (await test.app.inject({ method: 'GET', url: '/api/plans' })).json() as { operator: Record<string, string | null> };
    expect(body.operator).toEqual({
      name: 'Nebbia Pixel S.r.l.',
      address: null,
      email: 'legal@nebbia.example',
      companyNumber: null,
      supervisoryAuthority: null,
    });
  });

  it('sends nulls without the settings, never a made-up operator', async () => {
    test = await createTestApp('pglite');
    const body = (await test.app.inject({ method: 'GET', url: '/api/plans' })).json() as { operator: Record<string, string | null> };
    expect(Object.values(body.operator)).toEqual([null, null, null, null, null]);
  });
});
