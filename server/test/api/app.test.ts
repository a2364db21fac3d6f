import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers.js';
import { signedUp } from '../developers.js';
import { EnvError, parseEnv } from '../../src/runtime/env.js';

describe.each(databaseKinds)('the app on %s', (kind) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-web-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Lightpix</title><div id="root"></div>');
    t = await createTestApp(kind, { WEB_DIST_DIR: webDir });
    t.app.get('/api/test/explode', async () => {
      throw new Error('secret internal detail: connection string postgres://user:pw@db');
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('GET /api/health answers ok while the database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers an unexpected failure with a generic 500 that shows no internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    expect(response.body).not.toMatch(/secret|postgres|stack/i);
  });

  it('answers unknown API paths with JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('serves the web app on its routes and its 404 page, with status 404, elsewhere', async () => {
    for (const url of ['/', '/guest', '/images', '/images?x=1', '/auth', '/admin']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });
});

describe('settings', () => {
  it('stops start-up with a message naming every bad setting', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', QUOTA_GUEST: '-1', DATA_DIR: os.tmpdir() })).toThrow(EnvError);
    const bad = () => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', DATA_DIR: os.tmpdir() });
    expect(bad).toThrow(/PORT/);
    expect(bad).toThrow(/DATABASE_URL/);
  });

  it('runs on defaults alone, generating a session secret once and keeping it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-env-'));
    try {
      const first = parseEnv({ DATA_DIR: dataDir });
      expect(first).toMatchObject({
        PORT: 3000,
        HOST: '0.0.0.0',
        QUOTA_GUEST: 1,
        QUOTA_FREE: 10,
        QUOTA_PREMIUM: null,
        RETENTION_HOURS: 24,
      });
      expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
      expect(parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(first.SESSION_SECRET);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(databaseKinds)('API rate limit on %s', (kind) => {
  it('answers 429 rate_limited past the per-address limit, and only for that address', async () => {
    const { API_REQUESTS_PER_MINUTE } = await import('../../src/app.js');
    const t = await createTestApp(kind);
    try {
      const hit = (ip: string) => t.app.inject({ method: 'GET', url: '/api/plans', remoteAddress: ip });
      for (let i = 0; i < API_REQUESTS_PER_MINUTE; i++) expect((await hit('203.0.113.99')).statusCode).toBe(200);
      const refused = await hit('203.0.113.99');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      expect((await hit('203.0.113.98')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('counts a signed-in person per account, so two people behind one address do not share a count', async () => {
    const { API_REQUESTS_PER_MINUTE } = await import('../../src/app.js');
    const t = await createTestApp(kind);
    try {
      const office = '203.0.113.97';
      const first = await signedUp(t.app, office, 'first@example.com');
      const second = await signedUp(t.app, office, 'second@example.com');
      for (let i = 0; i < API_REQUESTS_PER_MINUTE; i++) expect((await first.client.get('/api/plans')).statusCode).toBe(200);
      expect((await first.client.get('/api/plans')).statusCode).toBe(429);
      expect((await second.client.get('/api/plans')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
