import { isIP } from 'node:net';
import { z } from 'zod';

/** Which proxies' X-Forwarded-For entries count: none, a number of hops from the right, or known addresses. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * `false`/`0`, a hop count (`1`, `2`), or a comma list of proxy addresses/CIDRs.
 * `true` means one proxy: trusting every hop would hand the address to the client (docs/decisions/0035-proxy-trust.md).
 */
export const trustProxySchema = z.preprocess(
  (value) => (value === undefined || value === '' ? 'false' : String(value).trim()),
  z.string().transform((value, context): TrustProxy => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be false, a number of proxies (1, 2…) or proxy addresses/CIDRs separated by commas${wrong.length ? ` (not an address: ${wrong.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  }),
);

/**
 * Fastify's trustProxy option. A hop count becomes a function, because Fastify refuses a plain number
 * (it cannot check the nearest peer): the client address is the entry that many hops from the right.
 */
export function fastifyTrustProxy(setting: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting === 0 ? false : (_address, hop) => hop < setting;
  return setting;
}
