import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers.js';

/**
 * Tinify's root paths (/shrink, /output/…) answer as the API, never with the web app's page
 * (docs/decisions/0233-the-apis-root-paths-answer-as-the-api.md): the app here serves its page, as in production.
 */
describe.each(databaseKinds)("the API's root paths on %s", (kind) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-web-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Lightpix</title><div id="root"></div>');
    t = await createTestApp(kind, { WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const cases = [
    ['GET', '/shrink'],
    ['HEAD', '/shrink'],
    ['PUT', '/shrink'],
    ['GET', '/shrink/'],
    ['POST', '/shrinkage'],
    ['GET', '/shrink/anything?x=1'],
    ['GET', '/output'],
    ['DELETE', '/output/5b7c2f0e-9d1a-4c3e-8f6a-2b1d0e9c8a7f'],
    ['GET', '/output/5b7c2f0e-9d1a-4c3e-8f6a-2b1d0e9c8a7f/extra'],
    ['POST', '/outputs'],
  ] as const;

  it.each(cases)('%s %s is the API’s JSON 404, not the web page', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    if (method !== 'HEAD') expect(response.json()).toEqual({ error: 'NotFound', message: expect.stringContaining('/developers') });
  });

  it('leaves the real endpoints and the web app’s pages as they were', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/developers' });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    const other = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect([other.statusCode, other.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    const shrink = await t.app.inject({
      method: 'POST',
      url: '/shrink',
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('x'),
    });
    expect([shrink.statusCode, shrink.json().error]).toEqual([401, 'Unauthorized']);
    const output = await t.app.inject({ method: 'GET', url: '/output/5b7c2f0e-9d1a-4c3e-8f6a-2b1d0e9c8a7f' });
    expect([output.statusCode, output.json().error]).toEqual([401, 'Unauthorized']);
    // An empty id is the output endpoint's own: the API asks for its key before anything else.
    const empty = await t.app.inject({ method: 'GET', url: '/output/' });
    expect([empty.statusCode, empty.json().error]).toEqual([401, 'Unauthorized']);
  });
});
