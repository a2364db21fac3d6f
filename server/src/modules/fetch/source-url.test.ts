import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSourceImage, isPublicAddress, parseAllowList, type SourceFetchOptions } from './index.js';

/** A server that counts every connection made to it, whatever happens next. */
async function countingServer(handler: (path: string, response: import('node:http').ServerResponse) => void) {
  const server = createServer((request, response) => handler(request.url ?? '/', response));
  const counter = { connections: 0, server, port: 0 };
  server.on('connection', () => counter.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  counter.port = (server.address() as AddressInfo).port;
  return counter;
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('fetching a source URL', () => {
  let forbidden: Awaited<ReturnType<typeof countingServer>>;
  let allowed: Awaited<ReturnType<typeof countingServer>>;
  const image = Buffer.alloc(5000, 7);

  beforeAll(async () => {
    forbidden = await countingServer((_path, response) => response.end('secret'));
    allowed = await countingServer((path, response) => {
      const target = new URL(path, 'http://x').searchParams.get('to');
      if (target) return void response.writeHead(302, { location: target }).end();
      // Streamed without a length: only counting while reading can stop it.
      if (path.startsWith('/endless')) {
        for (let part = 0; part < 4; part++) response.write(Buffer.alloc(5000));
        return void response.end(Buffer.alloc(5000));
      }
      if (path.startsWith('/loop')) return void response.writeHead(301, { location: '/loop' }).end();
      if (path.startsWith('/missing')) return void response.writeHead(404).end();
      response.end(image);
    });
  });
  afterAll(async () => {
    await close(forbidden.server);
    await close(allowed.server);
  });

  const options = (extra: Partial<SourceFetchOptions> = {}): SourceFetchOptions => ({
    allow: parseAllowList(`127.0.0.1:${allowed.port}`),
    maxBytes: 10_000,
    ...extra,
  });

  it('fetches from a host allowed by SOURCE_URL_ALLOW', async () => {
    expect(await fetchSourceImage(`http://127.0.0.1:${allowed.port}/photo.jpg`, options())).toEqual(image);
  });

  it.each([
    ['loopback', (port: number) => `http://127.0.0.1:${port}/`],
    ['localhost', (port: number) => `http://localhost:${port}/`],
    ['[::1]', (port: number) => `http://[::1]:${port}/`],
    ['0x7f000001', (port: number) => `http://0x7f000001:${port}/`],
    ['2130706433', (port: number) => `http://2130706433:${port}/`],
    ['IPv4-mapped IPv6', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['0.0.0.0', (port: number) => `http://0.0.0.0:${port}/`],
    ['IPv4-compatible IPv6', (port: number) => `http://[::127.0.0.1]:${port}/`],
    ['NAT64 of loopback', (port: number) => `http://[64:ff9b::127.0.0.1]:${port}/`],
    ['6to4 of loopback', (port: number) => `http://[2002:7f00:1::1]:${port}/`],
    ['IPv4-translated (::ffff:0:0:0/96)', (port: number) => `http://[::ffff:0:127.0.0.1]:${port}/`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
  ])('refuses %s without connecting', async (_name, url) => {
    const before = forbidden.connections;
    await expect(fetchSourceImage(url(forbidden.port), options())).rejects.toMatchObject({ reason: 'refused' });
    expect(forbidden.connections).toBe(before);
  });

  it('refuses a public-looking name that resolves to 127.0.0.1, without connecting', async () => {
    const before = forbidden.connections;
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    await expect(fetchSourceImage(`http://images.example.com:${forbidden.port}/a.png`, options({ resolve }))).rejects.toMatchObject({
      reason: 'refused',
      message: expect.stringMatching(/not a public address/),
    });
    expect(forbidden.connections).toBe(before);
  });

  it('refuses a redirect from an allowed host to a forbidden one, without connecting to it', async () => {
    const before = forbidden.connections;
    for (const target of [`http://127.0.0.1:${forbidden.port}/`, `http://localhost:${forbidden.port}/`, 'http://169.254.169.254/latest/']) {
      const url = `http://127.0.0.1:${allowed.port}/go?to=${encodeURIComponent(target)}`;
      await expect(fetchSourceImage(url, options())).rejects.toMatchObject({ reason: 'refused' });
    }
    expect(forbidden.connections).toBe(before);
  });

  it('refuses other schemes and credentials', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a.png',
      'gopher://example.com/',
      `http://user:pw@127.0.0.1:${allowed.port}/`,
      'not a url',
    ]) {
      await expect(fetchSourceImage(url, options())).rejects.toMatchObject({ reason: 'refused' });
    }
  });

  it('stops reading past the byte limit of a body sent without a length, and after 3 redirects', async () => {
    await expect(fetchSourceImage(`http://127.0.0.1:${allowed.port}/endless`, options())).rejects.toMatchObject({ reason: 'too_large' });
    await expect(fetchSourceImage(`http://127.0.0.1:${allowed.port}/loop`, options())).rejects.toMatchObject({
      reason: 'unreachable',
      message: expect.stringMatching(/more than 3/),
    });
    await expect(fetchSourceImage(`http://127.0.0.1:${allowed.port}/missing`, options())).rejects.toMatchObject({
      reason: 'unreachable',
      message: expect.stringMatching(/404/),
    });
  });

  it('gives up after the time limit', async () => {
    const silent = await countingServer(() => undefined);
    const started = Date.now();
    const failure = fetchSourceImage(`http://127.0.0.1:${silent.port}/`, {
      ...options(),
      allow: parseAllowList(`127.0.0.1:${silent.port}`),
      timeoutMs: 300,
    });
    await expect(failure).rejects.toMatchObject({ reason: 'unreachable', message: expect.stringMatching(/within/) });
    expect(Date.now() - started).toBeLessThan(5000);
    silent.server.closeAllConnections();
    await close(silent.server);
  });

  it('judges addresses: only public unicast passes', () => {
    const verdicts = Object.fromEntries(
      [
        '8.8.8.8',
        '2606:4700::1111',
        '10.0.0.1',
        '172.16.0.1',
        '192.168.1.1',
        '100.64.0.1',
        '169.254.169.254',
        '224.0.0.1',
        'fc00::1',
        'fe80::1',
        '::ffff:10.0.0.1',
        '::',
        '64:ff9b::a00:1',
        '::127.0.0.1',
        '::8.8.8.8',
        '::ffff:8.8.8.8',
        '64:ff9b::8.8.8.8',
        '64:ff9b:1::a00:1',
        '2002:0808:0808::1',
        '2002:7f00:0001::1',
        '2002:a9fe:a9fe::1',
        '2001::1',
        '2001:db8::1',
        '3fff::1',
        '4000::1',
        '100::1',
        '5f00::1',
        '::1',
      ].map((address) => [address, isPublicAddress(address)]),
    );
    expect(verdicts).toEqual({
      '8.8.8.8': true,
      '2606:4700::1111': true,
      '10.0.0.1': false,
      '172.16.0.1': false,
      '192.168.1.1': false,
      '100.64.0.1': false,
      '169.254.169.254': false,
      '224.0.0.1': false,
      'fc00::1': false,
      'fe80::1': false,
      '::ffff:10.0.0.1': false,
      '::': false,
      '64:ff9b::a00:1': false,
      // Forms that carry an IPv4 address are judged by it.
      '::127.0.0.1': false,
      '::8.8.8.8': true,
      '::ffff:8.8.8.8': true,
      '64:ff9b::8.8.8.8': true,
      '2002:0808:0808::1': true,
      '2002:7f00:0001::1': false,
      '2002:a9fe:a9fe::1': false,
      // Outside 2000::/3, or special inside it (Teredo, documentation): refused.
      '64:ff9b:1::a00:1': false,
      '2001::1': false,
      '2001:db8::1': false,
      '3fff::1': false,
      '4000::1': false,
      '100::1': false,
      '5f00::1': false,
      '::1': false,
    });
  });
});
