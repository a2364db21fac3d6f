import { apiPaths } from '@lightpix/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth } from '../developers.js';
import { fixture } from '../helpers.js';
import { clusterUnavailable, freshPostgresDatabase, startInstance, stop, uniqueRedisPrefix, type Instance } from './instances.js';
import { startS3 } from './s3.js';
import { guest } from './web-client.js';

const unavailable = await clusterUnavailable();

interface Line {
  level: string;
  time: string;
  pid: number;
  hostname: string;
  role: string;
  msg: string;
  requestId?: string;
  [field: string]: unknown;
}

const jsonLines = (output: string): Line[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);

/**
 * What an operator reads (docs/decisions/0240): a web instance and a worker write the same JSON lines,
 * a request's id reaches the worker's line for its job, and no secret a client sent is ever written.
 */
describe.skipIf(unavailable)('logs of a web instance and a worker', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  const redis = uniqueRedisPrefix();
  let web: Instance;
  let worker: Instance;
  const secrets: Record<string, string> = {};
  const requestId = 'shrink-from-the-logs-test.42';
  const exportRequestId = 'export-from-the-logs-test.7';
  let echoed: { given: string | null; invalid: string | null; none: string | null };

  beforeAll(async () => {
    [s3, database] = await Promise.all([startS3(), freshPostgresDatabase()]);
    const settings = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      SESSION_SECRET: 'd'.repeat(64),
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      ...s3.env,
      TRUST_PROXY: '1',
    };
    [web, worker] = await Promise.all([
      startInstance('logs-web', 'main', { ...settings, ROLE: 'web' }),
      startInstance('logs-worker', 'worker', settings),
    ]);

    const person = guest('198.51.100.77');
    secrets.password = 'pa55-word-never-logged';
    const signUp = await person.postJson(web, '/api/auth/register', {
      email: 'logs@example.com',
      password: secrets.password,
      firstName: 'Log',
      lastName: 'Reader',
    });
    expect(signUp.status).toBe(201);
    secrets.cookie = person.cookie.split('=')[1]!;
    expect((await person.postJson(web, '/api/auth/login', { email: 'logs@example.com', password: secrets.password })).status).toBe(200);
    secrets.newPassword = 'n3w-pa55-word-never-logged';
    const wrongChange = await person.postJson(web, '/api/account/password', {
      currentPassword: 'not-the-password-1',
      newPassword: secrets.newPassword,
    });
    expect(wrongChange.status).toBeGreaterThanOrEqual(400);
    const key = await person.postJson(web, '/api/keys', { name: 'logs' });
    expect(key.status).toBe(201);
    secrets.apiKey = key.json().key as string;
    secrets.basic = basicAuth(secrets.apiKey).slice('Basic '.length);
    secrets.resetToken = 'reset-token-never-logged-0123456789';
    const reset = await person.postJson(web, '/api/auth/password-reset/confirm', {
      token: secrets.resetToken,
      newPassword: secrets.newPassword,
    });
    expect(reset.status).toBe(400);
    secrets.confirmToken = 'confirm-token-never-logged-0123456789';
    expect((await person.postJson(web, '/api/auth/confirm', { token: secrets.confirmToken })).status).toBe(400);

    // The API key in a query string and in Authorization, the way clients send it.
    secrets.queryKey = 'query-key-never-logged-0123456789';
    await fetch(`${web.url}/api/v1/usage?api_key=${secrets.queryKey}&kind=image`, { headers: { 'x-forwarded-for': '198.51.100.78' } });
    secrets.bearer = 'bearer-token-never-logged-0123456789';
    await fetch(`${web.url}/metrics`, { headers: { authorization: `Bearer ${secrets.bearer}` } });
    const shrink = await fetch(`${web.url}/shrink`, {
      method: 'POST',
      headers: { authorization: basicAuth(secrets.apiKey), 'x-request-id': requestId, 'x-forwarded-for': '198.51.100.77' },
      body: new Uint8Array(await fixture('photo.jpg')),
    });
    expect(shrink.status).toBe(201);
    // "Download my data", made by the worker: its id reaches the worker's line too, once it is ready.
    const exported = await person.postJson(web, apiPaths.accountExport, {}, { 'x-request-id': exportRequestId });
    expect(exported.status, exported.body.toString()).toBe(202);
    let status = 'queued';
    for (let i = 0; i < 300 && (status === 'queued' || status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await person.get(web, apiPaths.accountExport)).json().export.status as string;
    }
    expect(status).toBe('ready');
    const tooLong = await fetch(`${web.url}/api/health/live`, { headers: { 'x-request-id': `${'x'.repeat(200)}` } });
    const unsafe = await fetch(`${web.url}/api/health/live`, { headers: { 'x-request-id': 'a b<script>' } });
    const none = await fetch(`${web.url}/api/health/live`);
    echoed = {
      given: shrink.headers.get('x-request-id'),
      invalid: tooLong.headers.get('x-request-id'),
      none: none.headers.get('x-request-id'),
    };
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Everything is written before the processes exit.
    await Promise.all([stop(web), stop(worker)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([web && stop(web), worker && stop(worker)]);
    await database?.drop();
    await redis.clear();
    await s3?.close();
  });

  it('echoes a plain X-Request-Id and replaces a long or unsafe one with a UUID', () => {
    expect(echoed.given).toBe(requestId);
    expect(echoed.invalid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(echoed.none).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('writes one JSON shape on both: a level name, an ISO time, pid, hostname and role', () => {
    const webLines = jsonLines(web.output());
    const workerLines = jsonLines(worker.output());
    expect(webLines.length).toBeGreaterThan(10);
    expect(workerLines.length).toBeGreaterThan(1);
    for (const [lines, role, pid] of [
      [webLines, 'web', web.child.pid],
      [workerLines, 'worker', worker.child.pid],
    ] as const) {
      for (const line of lines) {
        expect(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).toContain(line.level);
        expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(line).toMatchObject({ pid, role, hostname: expect.any(String) as string, msg: expect.any(String) as string });
      }
    }
  });

  it("writes nothing but those lines: Node's own warnings (the AWS SDK's on Node 20) are log lines too", () => {
    for (const [name, output] of [
      ['web', web.output()],
      ['worker', worker.output()],
    ] as const) {
      const lines = output.split('\n').filter((line) => line.trim() !== '');
      expect(lines.length, name).toBeGreaterThan(1);
      expect(
        lines.filter((line) => !line.startsWith('{')),
        name,
      ).toEqual([]);
    }
  });

  it("carries the request id into the worker's line for its job, with its duration and outcome", () => {
    const webLines = jsonLines(web.output()).filter((line) => line.requestId === requestId);
    expect(webLines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    const jobLines = jsonLines(worker.output()).filter((line) => line.requestId === requestId);
    expect(jobLines).toHaveLength(1);
    expect(jobLines[0]).toMatchObject({ level: 'info', msg: 'result job completed', outcome: 'completed', kind: 'image' });
    expect(jobLines[0]!.durationMs).toEqual(expect.any(Number));
  });

  it("carries the request id of a data export into the worker's line for it", () => {
    const exportLines = jsonLines(worker.output()).filter((line) => line.requestId === exportRequestId);
    expect(exportLines).toHaveLength(1);
    expect(exportLines[0]).toMatchObject({ level: 'info', msg: 'data export completed', kind: 'export', outcome: 'completed' });
    expect(exportLines[0]!.durationMs).toEqual(expect.any(Number));
    expect(jsonLines(web.output()).some((line) => line.requestId === exportRequestId && line.msg === 'request completed')).toBe(true);
  });

  it('never writes a password, token, API key, cookie or Authorization value, and logs the query string without its values', () => {
    const everything = web.output() + worker.output();
    expect(Object.keys(secrets)).toHaveLength(9);
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(8);
      expect(everything.includes(value), `${name} was logged`).toBe(false);
    }
    const usage = jsonLines(web.output()).find((line) => (line.req as { url?: string } | undefined)?.url?.startsWith('/api/v1/usage'));
    expect((usage!.req as { url: string }).url).toBe('/api/v1/usage?api_key=[redacted]&kind=image');
  });
});
