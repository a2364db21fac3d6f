import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { apiPaths } from '@lightpix/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_ABOVE_BYTES } from '../../src/http/compression.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers.js';

// A built asset as web/vite.config.ts leaves it: the file, and its .br and .gz copies beside it.
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const asset = '/assets/start-AbC123xy.js';

describe.each(databaseKinds)('compressed answers on %s', (kind) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(
      path.join(webDir, 'index.html'),
      `<!doctype html><title>Lightpix</title><div id="root">${'<p>text</p>'.repeat(300)}</div>`,
    );
    await writeFile(path.join(webDir, asset), script);
    await writeFile(path.join(webDir, `${asset}.br`), brotliCompressSync(script));
    await writeFile(path.join(webDir, `${asset}.gz`), gzipSync(script));
    await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp(kind, { WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('sends a built script compressed at build time: brotli when accepted, else gzip, else as it is; cached for good', async () => {
    const brotli = await t.app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10);

    const gzip = await t.app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url: asset });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('a file outside the hashed assets is not cached for good', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('compresses a page and a large API answer on the fly, and leaves a small one as it is', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/guest', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root"><p>text</p>');

    const plain = await t.app.inject({ method: 'GET', url: apiPaths.developerOpenApi });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_ABOVE_BYTES);
    const gzip = await t.app.inject({ method: 'GET', url: apiPaths.developerOpenApi, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(gzip.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.body.length).toBeLessThan(COMPRESS_ABOVE_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with JSON 404, compressed or not', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(404);
    const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload).toString() : response.body;
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'not_found' } });
  });
});
