import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@lightpix/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, processForm, type TestApp } from '../helpers.js';
import { basicAuth } from '../developers.js';
import { freePort } from '../ports.js';

/*
 * deploy/nginx.conf run for real (issue 35 point 2, docs/decisions/0243): Debian's nginx with a certificate
 * made here, in front of the app listening on a port, with PUBLIC_URL=https://… and TRUST_PROXY naming the
 * proxy's address. Clients connect from loopback addresses of their own (127.0.0.5, 127.0.0.6), so the
 * address the app counts is the one nginx saw, never the proxy's 127.0.0.1.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
const openssl = spawnSync('openssl', ['version']).status === 0;
const missing = [!nginx && 'nginx', !openssl && 'openssl'].filter(Boolean).join(' and ');
if (missing && process.env.CI) throw new Error(`The reverse-proxy test needs ${missing} on CI (scripts/test.sh installs them)`);
if (missing) console.warn(`\n[lightpix] the reverse-proxy (nginx) tests are SKIPPED: ${missing} is not installed.\n`);

/** The text with `from` replaced: the example must still hold each line the test changes. */
function swap(text: string, from: string, to: string) {
  if (!text.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
  return text.split(from).join(to);
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe.skipIf(Boolean(missing))('deploy/nginx.conf in front of the app, over TLS', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'lightpix-nginx-'));
  let t: TestApp;
  let proxy: ChildProcess;
  let proxyLog = '';
  let httpsPort = 0;
  let httpPort = 0;
  let certificate = '';
  let apiKey = '';
  let origin = '';

  /** One HTTPS request through nginx, from a loopback address of the client's own. */
  function send(method: string, url: string, from: string, headers: Record<string, string> = {}, body?: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const outgoing = httpsRequest(
        {
          host: '127.0.0.1',
          port: httpsPort,
          servername: 'localhost',
          ca: certificate,
          localAddress: from,
          method,
          path: url,
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
        },
      );
      outgoing.on('error', reject);
      outgoing.setHeader('host', `localhost:${httpsPort}`);
      for (const [name, value] of Object.entries(headers)) outgoing.setHeader(name, value);
      outgoing.end(body);
    });
  }

  /** A guest's upload from the web app, without a cookie: a new session each time. */
  async function guestUpload(from: string, headers: Record<string, string> = {}) {
    const image = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const form = new Request('http://x', { method: 'POST', body: processForm(image, 'blue.png', { format: 'webp' }) });
    return send(
      'POST',
      apiPaths.processImage,
      from,
      { 'content-type': form.headers.get('content-type')!, origin, ...headers },
      Buffer.from(await form.arrayBuffer()),
    );
  }

  beforeAll(async () => {
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    origin = `https://localhost:${httpsPort}`;
    t = await createTestApp('pglite', { PUBLIC_URL: origin, TRUST_PROXY: '127.0.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (t.app.server.address() as AddressInfo).port;

    const made = spawnSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost', '-keyout', path.join(folder, 'privkey.pem'), '-out', path.join(folder, 'fullchain.pem'),
    ], { encoding: 'utf8' }); // prettier-ignore
    expect(made.status, made.stderr).toBe(0);
    certificate = readFileSync(path.join(folder, 'fullchain.pem'), 'utf8');

    // The example as shipped, with this test's ports, certificate and app.
    let site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
    site = swap(site, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
    site = swap(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`);
    site = swap(site, 'server 127.0.0.1:3000 ', `server 127.0.0.1:${appPort} `);
    site = swap(site, 'server 127.0.0.1:3001 ', `server 127.0.0.1:${appPort} `);
    site = swap(site, '/etc/ssl/lightpix/', `${folder}/`);
    writeFileSync(path.join(folder, 'lightpix.conf'), site);
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(folder, temp));
    // What Debian's /etc/nginx/nginx.conf gives around a site, in this folder and in the foreground.
    writeFileSync(
      path.join(folder, 'nginx.conf'),
      `daemon off;\nmaster_process off;\npid ${folder}/nginx.pid;\nerror_log stderr warn;\nevents { worker_connections 256; }\n` +
        `http {\n  access_log off;\n` +
        ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
          .map((temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${folder}/${temp};\n`)
          .join('') +
        `  include ${folder}/lightpix.conf;\n}\n`,
    );
    proxy = spawn(nginx!, ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
    proxy.stdout!.on('data', (chunk: Buffer) => (proxyLog += chunk.toString()));
    proxy.stderr!.on('data', (chunk: Buffer) => (proxyLog += chunk.toString()));
    // Ready once its TLS port accepts a connection.
    for (let attempt = 0; ; attempt++) {
      if (proxy.exitCode !== null) throw new Error(`nginx exited with ${proxy.exitCode}:\n${proxyLog}`);
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(httpsPort, '127.0.0.1');
        socket.once('connect', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (open) break;
      if (attempt > 100) throw new Error(`nginx did not listen within 10 s:\n${proxyLog}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A developer signs up and makes an API key through nginx, as in a browser: the session cookie is Secure.
    const json = (value: object) => Buffer.from(JSON.stringify(value));
    const headers = { 'content-type': 'application/json', origin };
    const account = { email: 'behind-nginx@example.com', password: 'correct horse battery', firstName: 'Dev', lastName: 'Eloper' };
    const signUp = await send('POST', apiPaths.register, '127.0.0.10', headers, json(account));
    expect(signUp.status, signUp.body.toString()).toBe(201);
    const session = [signUp.headers['set-cookie'] ?? []]
      .flat()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    const key = await send('POST', apiPaths.keys, '127.0.0.10', { ...headers, cookie: session }, json({ name: 'through nginx' }));
    expect(key.status, key.body.toString()).toBe(201);
    apiKey = (JSON.parse(key.body.toString()) as { key: string }).key;
  });

  afterAll(async () => {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.kill('SIGQUIT');
      await exited;
    }
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("sets the session cookie Secure, and counts the guest's address as nginx saw it, not the proxy's", async () => {
    const first = await guestUpload('127.0.0.5');
    expect(first.status, `${first.body.toString()}\n${proxyLog}`).toBe(201);
    const cookies = [first.headers['set-cookie'] ?? []].flat();
    expect(cookies.some((cookie) => cookie.startsWith('lightpix_session='))).toBe(true);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);

    // A guest's allowance (QUOTA_GUEST=1) counts per address too: a new session from 127.0.0.5 has none left,
    expect((await guestUpload('127.0.0.5')).status).toBe(429);
    // writing another address in X-Forwarded-For does not help, nginx writes the one it saw,
    expect((await guestUpload('127.0.0.5', { 'x-forwarded-for': '203.0.113.99' })).status).toBe(429);
    // and another client (127.0.0.6) has its own allowance: both came through nginx at 127.0.0.1.
    expect((await guestUpload('127.0.0.6')).status).toBe(201);
  });

  it('answers the Tinify-compatible /shrink with an https Location and output.url, which download through nginx', async () => {
    const photo = await sharp({
      create: { width: 120, height: 80, channels: 3, background: '#aa6633', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const shrunk = await send('POST', '/shrink', '127.0.0.7', { authorization: basicAuth(apiKey), 'content-type': 'image/jpeg' }, photo);
    expect(shrunk.status, shrunk.body.toString()).toBe(201);
    const location = String(shrunk.headers.location);
    expect(location.startsWith(`${origin}/`), location).toBe(true);
    const output = (JSON.parse(shrunk.body.toString()) as { output: { url: string; size: number } }).output;
    expect(output.url).toBe(location);
    const download = await send('GET', new URL(location).pathname, '127.0.0.7', { authorization: basicAuth(apiKey) });
    expect(download.status).toBe(200);
    expect(download.body.length).toBe(output.size);
  });

  it('passes compressed answers through, and keeps /metrics off the public site', async () => {
    for (const encoding of ['br', 'gzip']) {
      const page = await send('GET', '/', '127.0.0.8', { 'accept-encoding': encoding });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe(encoding);
    }
    expect((await send('GET', '/metrics', '127.0.0.8')).status).toBe(404);
  });

  it('sends plain http to https', async () => {
    const answer = await new Promise<{ status: number; location: string }>((resolve, reject) =>
      httpRequest(
        { host: '127.0.0.1', port: httpPort, path: '/guest?x=1', headers: { host: 'localhost' }, localAddress: '127.0.0.9' },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode!, location: String(response.headers.location) });
        },
      )
        .on('error', reject)
        .end(),
    );
    expect(answer).toEqual({ status: 301, location: 'https://localhost/guest?x=1' });
  });
});
