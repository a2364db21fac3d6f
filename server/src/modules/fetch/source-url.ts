import type { LookupAddress } from 'node:dns';
import { lookup as systemLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, literalAddress } from './public-address.js';

/** Why a source URL gave no image: its address is not allowed, or it could not be fetched. */
export class SourceUrlError extends Error {
  constructor(
    readonly reason: 'refused' | 'unreachable' | 'too_large',
    message: string,
  ) {
    super(message);
  }
}

/** Resolves a host name to its addresses; tests inject one to play DNS. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface SourceFetchOptions {
  /** `host:port` pairs (SOURCE_URL_ALLOW) that may be private: an intranet, tests. Nothing else is. */
  allow: ReadonlySet<string>;
  /** Bytes read at most; more is 'too_large', whatever Content-Length said. */
  maxBytes: number;
  /** For everything: resolving, connecting, every redirect and the body. */
  timeoutMs?: number;
  maxRedirects?: number;
  resolve?: Resolve;
}

const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

const resolveWithSystem: Resolve = (hostname) => systemLookup(hostname, { all: true, verbatim: true });

/** SOURCE_URL_ALLOW as a set of lower-case `host:port` entries. */
export function parseAllowList(setting: string | undefined): Set<string> {
  return new Set(
    (setting ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );
}

const refused = (message: string) => new SourceUrlError('refused', message);
const unreachable = (message: string) => new SourceUrlError('unreachable', message);

function parseSourceUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('The source URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('Only http:// and https:// source URLs are fetched.');
  if (url.username || url.password) throw refused('Source URLs with a user name or password are not fetched.');
  return url;
}

/**
 * The one address this hop connects to: resolved once here and pinned, so DNS cannot answer
 * differently at connect time. Every address of the name must be public unless `host:port` is allowed.
 */
async function pinnedAddress(url: URL, options: SourceFetchOptions, signal: AbortSignal): Promise<LookupAddress> {
  const allowed = options.allow.has(`${url.hostname.toLowerCase()}:${url.port || DEFAULT_PORTS[url.protocol]}`);
  const literal = literalAddress(url.hostname);
  let addresses: LookupAddress[];
  if (literal) {
    addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  } else {
    const resolve = options.resolve ?? resolveWithSystem;
    addresses = await Promise.race([
      resolve(url.hostname),
      new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
    ]).catch((error: unknown) => {
      if (signal.aborted) throw error;
      throw unreachable(`The source URL's host ${url.hostname} could not be found.`);
    });
  }
  if (addresses.length === 0) throw unreachable(`The source URL's host ${url.hostname} could not be found.`);
  if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address))) {
    throw refused(`The source URL's host ${url.hostname} is not a public address, so it is not fetched.`);
  }
  return addresses[0]!;
}

/** A lookup that always answers the pinned address, in both shapes node:net asks for. */
function pinnedLookup(pinned: LookupAddress): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

async function readLimited(body: AsyncIterable<Buffer> & { destroy(): unknown }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new SourceUrlError('too_large', `The image at the source URL is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** One request to one pinned address; the answer's status, Location and (for a 2xx) body. */
async function fetchHop(url: URL, pinned: LookupAddress, options: SourceFetchOptions, signal: AbortSignal) {
  // Loaded with the first source URL fetched (docs/decisions/0280-idle-memory-second-round.md).
  const { Agent, request } = await import('undici');
  const agent = new Agent({ connect: { lookup: pinnedLookup(pinned) }, connections: 1, pipelining: 0 });
  try {
    const response = await request(url, {
      dispatcher: agent,
      method: 'GET',
      signal,
      headers: { 'user-agent': 'Lightpix image fetcher', accept: 'image/*' },
    });
    if (REDIRECTS.has(response.statusCode) || response.statusCode < 200 || response.statusCode > 299) {
      await response.body.dump();
      return { status: response.statusCode, location: response.headers.location, data: null };
    }
    return { status: response.statusCode, location: undefined, data: await readLimited(response.body, options.maxBytes) };
  } finally {
    await agent.destroy();
  }
}

/**
 * The bytes at a user's http(s) URL (docs/decisions/0135): each hop's host is resolved once and must
 * be public (or allowed by SOURCE_URL_ALLOW), the connection goes to that address, at most 3
 * redirects are followed, each checked like the first; 10 s for everything; `maxBytes` read at most.
 */
export async function fetchSourceImage(rawUrl: string, options: SourceFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  let url = parseSourceUrl(rawUrl);
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await pinnedAddress(url, options, signal);
      const answer = await fetchHop(url, pinned, options, signal);
      if (answer.data) return answer.data;
      const location = Array.isArray(answer.location) ? answer.location[0] : answer.location;
      if (!REDIRECTS.has(answer.status) || !location)
        throw unreachable(`The source URL answered HTTP ${answer.status} instead of an image.`);
      if (hop >= maxRedirects) throw unreachable(`The source URL redirected more than ${maxRedirects} times.`);
      url = parseSourceUrl(new URL(location, url).href);
    }
  } catch (error) {
    if (error instanceof SourceUrlError) throw error;
    if (signal.aborted)
      throw unreachable(`The source URL did not deliver its image within ${(options.timeoutMs ?? TIMEOUT_MS) / 1000} seconds.`);
    throw unreachable('The source URL could not be fetched: the connection failed.');
  }
}
