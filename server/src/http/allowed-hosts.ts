import os from 'node:os';
import { apiPaths } from '@lightpix/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.js';

/**
 * Which Host headers the app answers when PUBLIC_URL is not set (docs/decisions/0259): absolute links
 * (canonical, og:url, the sitemap, the API's Location) are then built from the Host, so only a name the
 * operator chose, or an address the app listens on, may end up in them. With PUBLIC_URL every link is
 * written with it and any Host is answered.
 */
export interface HostRules {
  publicUrl: string | undefined;
  /** HOST: the interface the app listens on; `0.0.0.0` or `::` mean every address of this machine. */
  listenHost: string;
  /** ALLOWED_HOSTS: exact names, `.example.com` for a name and its subdomains, `*` for any. */
  allowedHosts: readonly string[];
}

/** Answered whatever the Host: probes and scrapers reach an instance by any name, and these pages carry no link. */
const ANY_HOST_PATHS = new Set([apiPaths.healthLive, apiPaths.healthReady, '/metrics']);
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);
/** The machine's addresses change (DHCP, a new interface): read again at most this often. */
const INTERFACES_TTL_MS = 60_000;

/** A Host header's name, lower case, without port or trailing dot, IPv6 in brackets; null when it is not a host. */
export function hostName(host: string): string | null {
  const parsed = URL.parse(`http://${host}`);
  if (!parsed || parsed.username || parsed.password || parsed.pathname !== '/' || parsed.search || parsed.hash) return null;
  return parsed.hostname.toLowerCase().replace(/\.$/, '') || null;
}

function bracketed(address: string): string {
  return address.includes(':') ? `[${address.replace(/%.*$/, '')}]` : address;
}

let interfaces: { names: Set<string>; readAt: number } | null = null;

/** This machine's own addresses and name, as a Host header would spell them. */
function ownNames(now: number): Set<string> {
  if (!interfaces || now - interfaces.readAt > INTERFACES_TTL_MS) {
    const names = new Set<string>([os.hostname().toLowerCase()]);
    for (const list of Object.values(os.networkInterfaces())) {
      for (const entry of list ?? []) names.add(bracketed(entry.address.toLowerCase()));
    }
    interfaces = { names, readAt: now };
  }
  return interfaces.names;
}

/** HOST as a Host header names it; null for every interface. */
function listenName(listenHost: string): string | null {
  return WILDCARDS.has(listenHost)
    ? null
    : hostName(listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost);
}

/** The names a request may carry without PUBLIC_URL, for the start-up log and the refusal's message. */
export function listeningNames(rules: Pick<HostRules, 'listenHost'>): string[] {
  const listen = listenName(rules.listenHost);
  return listen === null ? [...LOOPBACK_NAMES, "this machine's addresses and name"] : [...new Set([...LOOPBACK_NAMES, listen])];
}

export function hostAllowed(host: string, rules: HostRules, now = Date.now()): boolean {
  if (rules.publicUrl) return true;
  const name = hostName(host);
  if (name === null) return false;
  for (const allowed of rules.allowedHosts) {
    if (allowed === '*' || allowed === name || (allowed.startsWith('.') && (name.endsWith(allowed) || name === allowed.slice(1))))
      return true;
  }
  if (LOOPBACK_NAMES.includes(name)) return true;
  const listen = listenName(rules.listenHost);
  return listen === null ? ownNames(now).has(name) : listen === name;
}

/** Refuses (400) a request whose Host (X-Forwarded-Host from a trusted proxy) is not one the app may write links with. */
export function registerHostCheck(app: FastifyInstance, rules: HostRules): void {
  if (rules.publicUrl) return;
  app.addHook('onRequest', async (request) => {
    // HTTP/1.0 may send no Host: nothing of the client's can reach a link (originOf refuses it there).
    if (!request.host || ANY_HOST_PATHS.has(request.url.split('?')[0]!)) return;
    if (hostAllowed(request.host, rules)) return;
    const name = hostName(request.host);
    throw new AppError(
      'invalid_input',
      `This server does not answer to ${name ? `the host name ${name}` : 'that Host header'}: without PUBLIC_URL it answers only to ${listeningNames(rules).join(', ')}${rules.allowedHosts.length ? ' and ALLOWED_HOSTS' : ''}. Its operator sets PUBLIC_URL to the public address, or adds the name to ALLOWED_HOSTS.`,
    );
  });
}
