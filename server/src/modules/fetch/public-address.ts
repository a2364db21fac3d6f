import ipaddr from 'ipaddr.js';

/**
 * Whether an address is on the public internet. Only ipaddr.js's 'unicast' range passes: loopback,
 * private, link-local (169.254.169.254), CGNAT (100.64/10), multicast, unspecified (0.0.0.0, ::),
 * reserved and documentation ranges, IPv6 ULA and link-local, and IPv6 forms that carry an IPv4
 * address (NAT64, 6to4, Teredo) all fail. IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as its IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The address inside a URL's hostname, without IPv6 brackets; null for a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}
