import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../runtime/env.js';
import { hostAllowed } from './allowed-hosts.js';
import { originWarnings } from './public-origin.js';

const rules = (listenHost: string, allowedHosts: string[] = [], publicUrl?: string) => ({ listenHost, allowedHosts, publicUrl });

describe('the Host names answered without PUBLIC_URL', () => {
  it('answers the loopback names, the bound host and ALLOWED_HOSTS on any port, and nothing else', () => {
    const bound = rules('192.0.2.7', ['images.example', '.photos.example']);
    for (const host of [
      'localhost:3000',
      '127.0.0.1',
      '[::1]:8080',
      '192.0.2.7:3000',
      'IMAGES.example.',
      'photos.example',
      'a.photos.example:443',
    ])
      expect(hostAllowed(host, bound)).toBe(true);
    for (const host of ['evil.example', 'images.example.evil', 'xphotos.example', '192.0.2.8', 'user@localhost', 'localhost/x', 'a b'])
      expect(hostAllowed(host, bound)).toBe(false);
    expect(hostAllowed('anything.example', rules('127.0.0.1', ['*']))).toBe(true);
    expect(hostAllowed('evil.example', rules('127.0.0.1', [], 'https://lightpix.example'))).toBe(true);
  });

  it("answers this machine's own addresses and name when listening on every interface", () => {
    const own = Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
    expect(hostAllowed(`${os.hostname()}:3000`, rules('0.0.0.0'))).toBe(true);
    if (own) expect(hostAllowed(`${own.address}:3000`, rules('0.0.0.0'))).toBe(true);
    expect(hostAllowed('evil.example', rules('0.0.0.0'))).toBe(false);
  });

  it('reads ALLOWED_HOSTS once at start and stops on an entry that is not a host name', () => {
    expect(parseEnv({ ALLOWED_HOSTS: ' Images.Example, .photos.example ,[::1]' }).ALLOWED_HOSTS).toEqual([
      'images.example',
      '.photos.example',
      '[::1]',
    ]);
    expect(() => parseEnv({ ALLOWED_HOSTS: 'images.example:8080' })).toThrow(/ALLOWED_HOSTS/);
    expect(() => parseEnv({ ALLOWED_HOSTS: 'https://images.example' })).toThrow(/ALLOWED_HOSTS/);
  });
});

describe('what the start-up log warns about', () => {
  const base = {
    nodeEnv: 'production',
    publicUrl: undefined,
    listenHost: '0.0.0.0',
    port: 3000,
    trustProxy: false as const,
    answeredHosts: ['localhost'],
  };

  it('names PUBLIC_URL in production without it, and says nothing once it is set', () => {
    expect(originWarnings(base)).toEqual([expect.stringContaining('Set PUBLIC_URL=https://')]);
    expect(originWarnings({ ...base, publicUrl: 'https://lightpix.example' })).toEqual([]);
    expect(originWarnings({ ...base, nodeEnv: 'development' })).toEqual([]);
  });

  it('says how to trust only the proxy when a hop count is trusted on a port reachable from outside', () => {
    const quiet = { ...base, publicUrl: 'https://lightpix.example' };
    const [warning] = originWarnings({ ...quiet, trustProxy: 1 });
    expect(warning).toContain('port 3000');
    expect(warning).toContain('TRUST_PROXY=10.0.0.1');
    expect(originWarnings({ ...quiet, trustProxy: 1, listenHost: '127.0.0.1' })).toEqual([]);
    expect(originWarnings({ ...quiet, trustProxy: ['10.0.0.1'] })).toEqual([]);
  });
});
