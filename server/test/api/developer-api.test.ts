import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import exifReader from 'exif-reader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { results } from '../../src/db/schema/results.js';
import { API_KEY_REQUESTS_PER_MINUTE } from '@lightpix/shared';
import { addressPool, createTestApp, databaseKinds, fixture, testClock, type TestApp } from '../helpers.js';
import { basicAuth, signedUp } from '../developers.js';

const nextIp = addressPool('198.21');
const execFileAsync = promisify(execFile);
const redoclyCli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

describe.each(databaseKinds)('Tinify-compatible API on %s', (kind) => {
  let t: TestApp;
  const logLines: string[] = [];
  let key = '';
  let photo: Buffer;
  /** Most tests compress a small copy: smart compression of the full photo costs seconds on a busy machine. */
  let small: Buffer;

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(kind, { QUOTA_FREE: '3', RETENTION_HOURS: '2' }, testClock(), {
      logger: { level: 'trace', stream: logStream },
    });
    photo = await fixture('photo.jpg');
    small = await sharp(photo).resize(240).jpeg({ quality: 92 }).toBuffer();
    const person = await signedUp(t.app, nextIp(), 'api@example.com');
    // Premium (unlimited), so the quota does not get in the way of the other tests.
    await t.database.db.update(users).set({ tier: 'premium' }).where(eq(users.id, person.userId));
    key = (await person.client.post('/api/keys', { name: 'tests' })).json().key;
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { key?: string; body?: Buffer | object | string; headers?: Record<string, string>; ip?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(options.key ? { authorization: basicAuth(options.key) } : {}), ...options.headers },
      payload: options.body as never,
      remoteAddress: options.ip ?? '203.0.113.99',
    });
  const shrink = (body: Buffer, as = key, url = '/api/v1/shrink') =>
    call('POST', url, { key: as, body, headers: { 'content-type': 'image/jpeg' } });

  it('compresses raw bytes: 201, Location, Tinify JSON, and the output downloads with its size headers', async () => {
    const response = await shrink(photo);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['input', 'output']);
    expect(body.input).toEqual({ size: photo.length, type: 'image/jpeg' });
    expect(Object.keys(body.output).sort()).toEqual(['height', 'ratio', 'search', 'similarity', 'size', 'type', 'url', 'width']);
    expect(body.output).toMatchObject({ type: 'image/jpeg', width: 640, height: 427 });
    expect(['complete', 'cut short']).toContain(body.output.search);
    expect(body.output.similarity).toBeGreaterThan(0.8);
    expect(body.output.similarity).toBeLessThanOrEqual(1);
    expect(body.output.size).toBeLessThan(photo.length);
    expect(body.output.ratio).toBeCloseTo(body.output.size / photo.length, 3);
    expect(response.headers.location).toMatch(/^http:\/\/localhost(:\d+)?\/api\/v1\/output\/[0-9a-f-]{36}$/);
    expect(body.output.url).toBe(response.headers.location);
    expect(Number(response.headers['compression-count'])).toBeGreaterThanOrEqual(1);

    const path = new URL(response.headers.location as string).pathname;
    const output = await call('GET', path, { key });
    expect(output.statusCode).toBe(200);
    expect(output.headers['content-type']).toBe('image/jpeg');
    expect(output.headers['image-width']).toBe('640');
    expect(output.headers['image-height']).toBe('427');
    expect(output.rawPayload.length).toBe(body.output.size);
    // Reading an output is free.
    expect(output.headers['compression-count']).toBe(response.headers['compression-count']);
  });

  it("answers Tinify's paths at the root too, with the Location under the same base", async () => {
    const response = await shrink(small, key, '/shrink');
    expect(response.statusCode).toBe(201);
    const location = new URL(response.headers.location as string);
    expect(location.pathname).toMatch(/^\/output\/[0-9a-f-]{36}$/);
    expect((await call('GET', location.pathname, { key })).statusCode).toBe(200);
  });

  it('resizes (scale, fit, cover, thumb), converts and flattens an output, each for one compression', async () => {
    const path = new URL((await shrink(small)).headers.location as string).pathname;
    const before = Number((await call('GET', '/api/v1/usage', { key })).json().compressionCount);

    const scaled = await call('POST', path, { key, body: { resize: { method: 'scale', width: 100 } } });
    expect(scaled.statusCode).toBe(200);
    expect([scaled.headers['image-width'], scaled.headers['image-height']]).toEqual(['100', '67']);
    expect((await sharp(scaled.rawPayload).metadata()).width).toBe(100);

    const fit = await call('POST', path, { key, body: { resize: { method: 'fit', width: 200, height: 200 } } });
    expect([fit.headers['image-width'], fit.headers['image-height']]).toEqual(['200', '133']);

    const cover = await call('POST', path, { key, body: { resize: { method: 'cover', width: 50, height: 80 } } });
    const coverMeta = await sharp(cover.rawPayload).metadata();
    expect([coverMeta.width, coverMeta.height]).toEqual([50, 80]);

    const webp = await call('POST', path, { key, body: { convert: { type: 'image/webp' } } });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');

    const smallest = await call('POST', path, { key, body: { convert: { type: ['image/png', 'image/webp'] } } });
    expect(smallest.headers['content-type']).toBe('image/webp');

    const cutOut = await call('POST', '/api/v1/shrink', {
      key,
      body: await sharp(await fixture('alpha.png'))
        .resize(120)
        .png()
        .toBuffer(),
    });
    const cutOutPath = new URL(cutOut.headers.location as string).pathname;
    const thumb = await call('POST', cutOutPath, { key, body: { resize: { method: 'thumb', width: 60, height: 40 } } });
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.width, thumbMeta.height, thumbMeta.hasAlpha]).toEqual([60, 40, true]);
    const flat = await call('POST', cutOutPath, { key, body: { transform: { background: '#ff0000' }, convert: { type: 'image/jpeg' } } });
    expect(flat.headers['content-type']).toBe('image/jpeg');
    const { data } = await sharp(flat.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // alpha.png's corner is transparent: flattened onto red.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(60);
    // Without a background a transparent image is not made a JPEG; among several types, JPEG drops out.
    const noBackground = await call('POST', cutOutPath, { key, body: { convert: { type: 'image/jpeg' } } });
    expect([noBackground.statusCode, noBackground.json().error]).toEqual([400, 'BadRequest']);
    expect(noBackground.json().message).toMatch(/transparent.*background/);
    const jpgOrWebp = await call('POST', cutOutPath, { key, body: { convert: { type: ['image/jpg', 'image/webp'] } } });
    expect(jpgOrWebp.headers['content-type']).toBe('image/webp');
    // 'image/jpg' is Tinify's other name for JPEG.
    const jpg = await call('POST', path, { key, body: { convert: { type: 'image/jpg' } } });
    expect([jpg.statusCode, jpg.headers['content-type']]).toEqual([200, 'image/jpeg']);

    const after = Number((await call('GET', '/api/v1/usage', { key })).json().compressionCount);
    // 9 transforms and the alpha.png shrink; the refused JPEG costs nothing.
    expect(after - before).toBe(10);
  });

  it('keeps copyright, creation and location only when preserve asks, and strips them otherwise', async () => {
    const signed = await sharp(small)
      .withExif({
        IFD0: { Copyright: 'Copyright Example Studio', Artist: 'Ada Example', Make: 'ExampleCam' },
        IFD2: { DateTimeOriginal: '2024:05:06 07:08:09' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 0/1' },
      })
      .jpeg({ quality: 92 })
      .toBuffer();
    const path = new URL((await shrink(signed)).headers.location as string).pathname;
    const exifOf = async (data: Buffer) => {
      const { exif } = await sharp(data).metadata();
      return exif ? exifReader(exif) : null;
    };
    expect(await exifOf((await call('GET', path, { key })).rawPayload)).toBeNull();

    const dated = await call('POST', path, { key, body: { preserve: ['copyright', 'creation'] } });
    expect(dated.statusCode).toBe(200);
    const datedExif = await exifOf(dated.rawPayload);
    expect([datedExif?.Image?.Copyright, datedExif?.Image?.Artist, datedExif?.Photo?.DateTimeOriginal?.toISOString()]).toEqual([
      'Copyright Example Studio',
      'Ada Example',
      '2024-05-06T07:08:09.000Z',
    ]);
    expect([datedExif?.GPSInfo, datedExif?.Image?.Make]).toEqual([undefined, undefined]);

    const located = await exifOf(
      (await call('POST', path, { key, body: { preserve: ['location'], convert: { type: 'image/webp' } } })).rawPayload,
    );
    expect([located?.GPSInfo?.GPSLatitude, located?.Image?.Copyright]).toEqual([[45, 30, 0], undefined]);
  });

  it('refuses store, bad options and private URL sources with 400, charging nothing', async () => {
    const path = new URL((await shrink(small)).headers.location as string).pathname;
    const before = (await call('GET', '/api/v1/usage', { key })).json().compressionCount;
    const cases: [object, string][] = [
      [{ store: { service: 's3', aws_access_key_id: 'x' } }, 'StoreNotSupported'],
      [{ resize: { method: 'scale', width: 10, height: 10 } }, 'BadRequest'],
      [{ resize: { method: 'cover', width: 10 } }, 'BadRequest'],
      [{ convert: { type: 'image/bmp' } }, 'BadRequest'],
    ];
    for (const [body, error] of cases) {
      const response = await call('POST', path, { key, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(error);
      expect(response.json().message.length).toBeGreaterThan(10);
    }
    const fromUrl = await call('POST', '/api/v1/shrink', { key, body: { source: { url: 'http://169.254.169.254/latest/meta-data' } } });
    expect(fromUrl.statusCode).toBe(400);
    expect(fromUrl.json()).toEqual({ error: 'SourceUrlRefused', message: expect.stringMatching(/not a public address/) });
    const fileUrl = await call('POST', '/shrink', { key, body: { source: { url: 'file:///etc/passwd' } } });
    expect([fileUrl.statusCode, fileUrl.json().error]).toEqual([400, 'SourceUrlRefused']);
    const noUrl = await call('POST', '/shrink', { key, body: { source: {} } });
    expect([noUrl.statusCode, noUrl.json().error]).toEqual([400, 'BadRequest']);
    expect((await call('GET', '/api/v1/usage', { key })).json().compressionCount).toBe(before);
  });

  it('names bad input as Tinify does: InputMissing, UnsupportedMediaType, DecodeError, PayloadTooLarge', async () => {
    const empty = await call('POST', '/api/v1/shrink', { key });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('InputMissing');
    const text = await shrink(Buffer.from('hello, this is not an image'));
    expect([text.statusCode, text.json().error]).toEqual([415, 'UnsupportedMediaType']);
    const pdf = await shrink(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'));
    expect([pdf.statusCode, pdf.json().error]).toEqual([415, 'UnsupportedMediaType']);
    const animatedAvif = await shrink(await fixture('animated.avif'));
    expect([animatedAvif.statusCode, animatedAvif.json().error]).toEqual([415, 'UnsupportedMediaType']);
    const cut = await shrink(photo.subarray(0, photo.length / 2));
    expect([cut.statusCode, cut.json().error]).toEqual([422, 'DecodeError']);
    const big = await shrink(Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)]));
    expect([big.statusCode, big.json().error]).toEqual([413, 'PayloadTooLarge']);
    const unknown = await call('GET', '/api/v1/nothing-here', { key });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'NotFound']);
    expect(unknown.headers['compression-count']).toBeDefined();
  });

  it('authenticates by key only: none, wrong, revoked, cookies and deactivated owners get 401 Unauthorized', async () => {
    const none = await call('POST', '/api/v1/shrink', { body: photo, headers: { 'content-type': 'image/jpeg' } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Unauthorized', message: expect.any(String) });
    expect(none.headers['compression-count']).toBe('0');
    expect((await shrink(photo, 'lpx_not-a-real-key')).json().error).toBe('Unauthorized');

    const person = await signedUp(t.app, nextIp(), 'cookie@example.com');
    const withCookie = await t.app.inject({ method: 'GET', url: '/api/v1/usage', headers: { cookie: person.client.cookie } });
    expect(withCookie.statusCode).toBe(401);

    const created = (await person.client.post('/api/keys', { name: 'short-lived' })).json();
    expect((await call('GET', '/api/v1/usage', { key: created.key })).statusCode).toBe(200);
    await person.client.delete(`/api/keys/${created.id}`);
    expect((await call('GET', '/api/v1/usage', { key: created.key })).statusCode).toBe(401);

    const second = (await person.client.post('/api/keys', { name: 'second' })).json();
    expect((await call('GET', '/api/v1/usage', { key: second.key })).statusCode).toBe(200);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, person.userId));
    const deactivated = await call('GET', '/api/v1/usage', { key: second.key });
    expect(deactivated.statusCode).toBe(401);
    expect(deactivated.json().message).toMatch(/deactivated/);
  });

  it("needs no Origin check for key calls, and shows outputs only through the owner's keys", async () => {
    const response = await call('POST', '/api/v1/shrink', {
      key,
      body: small,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(201);
    const path = new URL(response.headers.location as string).pathname;

    const stranger = await signedUp(t.app, nextIp(), 'stranger@example.com');
    const strangerKey = (await stranger.client.post('/api/keys', { name: 'theirs' })).json().key;
    const theirs = await call('GET', path, { key: strangerKey });
    expect([theirs.statusCode, theirs.json().error]).toEqual([404, 'NotFound']);
    expect((await call('POST', path, { key: strangerKey, body: { resize: { method: 'scale', width: 10 } } })).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/images/${path.split('/').pop()}/download`)).statusCode).toBe(404);
  });

  it('shares the web quota ledger: a registered key stops at the plan, and the web sees the units', async () => {
    const person = await signedUp(t.app, nextIp(), 'quota@example.com');
    const created = (await person.client.post('/api/keys', { name: 'quota' })).json();
    const first = await shrink(small, created.key);
    expect(first.headers['compression-count']).toBe('1');
    expect((await person.client.get('/api/session/current')).json()).toMatchObject({ imagesProcessed: 1, maxImages: 3 });
    expect((await person.client.process(small, 'web.jpg')).statusCode).toBe(201);

    const usage = await call('GET', '/api/v1/usage', { key: created.key });
    expect(usage.json()).toEqual({
      compressionCount: 2,
      limit: 3,
      tier: 'registered',
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
    });
    expect((await shrink(small, created.key)).statusCode).toBe(201);
    const over = await shrink(small, created.key);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe('TooManyRequests');
    expect(over.headers['compression-count']).toBe('3');

    const listed = (await person.client.get('/api/keys')).json().keys[0];
    expect(listed.usedThisMonth).toBe(2);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('keeps outputs for the retention time only: then 410 Gone, the late file deleted at once', async () => {
    const path = new URL((await shrink(small)).headers.location as string).pathname;
    const id = path.split('/').pop()!;
    const [stored] = await t.database.db.select({ key: results.storageKey }).from(results).where(eq(results.id, id));
    expect(await readdir(t.resultsDir)).toContain(stored!.key!);
    await t.database.db
      .update(results)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(results.id, id));
    const gone = await call('GET', path, { key });
    expect([gone.statusCode, gone.json().error]).toEqual([410, 'Gone']);
    // No sweep ran: the 410 is true the moment it is answered, as on the web (modules/results).
    expect(await readdir(t.resultsDir)).not.toContain(stored!.key!);
    const missing = await call('GET', `/api/v1/output/${randomUUID()}`, { key });
    expect(missing.statusCode).toBe(404);
  });

  it('limits requests per key with 503 and Retry-After, and slows wrong keys per address while still answering 401', async () => {
    const person = await signedUp(t.app, nextIp(), 'busy@example.com');
    const busyKey = (await person.client.post('/api/keys', { name: 'busy' })).json().key;
    const statuses: number[] = [];
    for (let n = 0; n <= API_KEY_REQUESTS_PER_MINUTE; n++) statuses.push((await call('GET', '/api/v1/usage', { key: busyKey })).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(API_KEY_REQUESTS_PER_MINUTE);
    const limited = await call('GET', '/api/v1/usage', { key: busyKey });
    // Tinify's clients retry a 503; a 429 would read as a spent month.
    expect([limited.statusCode, limited.json().error]).toEqual([503, 'ServiceUnavailable']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('GET', '/api/v1/usage', { key })).statusCode).toBe(200);

    const ip = nextIp();
    const failures: number[] = [];
    for (let n = 0; n < 22; n++) failures.push((await call('GET', '/api/v1/usage', { key: `lpx_guess${n}`, ip })).statusCode);
    expect(failures).toEqual(Array.from({ length: 22 }, () => 401));
    // The right key from the same address still works while its wrong guesses are slowed.
    expect((await call('GET', '/api/v1/usage', { key, ip })).statusCode).toBe(200);
  });

  it('describes itself in OpenAPI from the shared schemas', async () => {
    const response = await call('GET', '/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(['/output/{id}', '/shrink', '/usage']);
    expect(document.components.schemas.OutputOptions.properties.resize.properties.method.enum).toEqual(['scale', 'fit', 'cover', 'thumb']);
    expect(document.components.schemas.ShrinkResponse.required).toEqual(['input', 'output']);
    // Redocly's recommended rules, as code generators and API portals read the document.
    const folder = await mkdtemp(path.join(tmpdir(), 'openapi-'));
    await writeFile(path.join(folder, 'openapi.json'), response.body);
    const lint = await execFileAsync(process.execPath, [redoclyCli, 'lint', 'openapi.json', '--format=json'], {
      cwd: folder,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: { stdout: string }) => error);
    const problems = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{'))) as { totals: { errors: number } };
    expect(problems.totals.errors).toBe(0);
    await rm(folder, { recursive: true, force: true });
  }, 60_000);

  it('documents the statuses its routes answer: a resize to too many pixels is a 413 of POST /output/{id}', async () => {
    const document = (await call('GET', '/api/v1/openapi.json')).json();
    const compressed = await shrink(small);
    const huge = await call('POST', new URL(compressed.headers.location!).pathname, {
      key,
      body: { resize: { method: 'cover', width: 10_000, height: 10_000 } },
    });
    expect([huge.statusCode, huge.json().error]).toEqual([413, 'PayloadTooLarge']);
    const documented = (route: string, method: string) => Object.keys(document.paths[route][method].responses).sort();
    expect(documented('/output/{id}', 'post')).toEqual(['200', '400', '401', '403', '404', '410', '413', '422', '429', '500', '503']);
    expect(documented('/output/{id}', 'get')).toEqual(['200', '401', '404', '410', '429', '500', '503']);
    expect(documented('/shrink', 'post')).toEqual(['201', '400', '401', '413', '415', '422', '429', '500', '503']);
  });

  it('never writes a key into the logs', async () => {
    const person = await signedUp(t.app, nextIp(), 'logs@example.com');
    const secret = (await person.client.post('/api/keys', { name: 'secret' })).json().key as string;
    await shrink(small, secret);
    await call('GET', '/api/v1/usage', { key: secret });
    const logs = logLines.join('');
    expect(logs).toContain('/api/v1/usage');
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain(Buffer.from(`api:${secret}`).toString('base64'));
    expect(logs).not.toContain(secret.slice(4, 24));
  });
});
