import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../runtime/env.js';

const trustProxy = (value?: string) => parseEnv({ DATA_DIR: os.tmpdir(), SESSION_SECRET: 'x'.repeat(32), TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('reads off, hop counts and proxy lists', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    // 'true' never trusts every hop: that would make the client's own leftmost entry the address.
    expect(trustProxy('true')).toBe(1);
    expect(trustProxy('10.0.0.1, 10.1.0.0/16,loopback, ::1, fd00::/8')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback', '::1', 'fd00::/8']);
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '-1', ','])('stops start-up on %s, naming the setting', (value) => {
    expect(() => trustProxy(value)).toThrow(EnvError);
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY/);
  });
});
