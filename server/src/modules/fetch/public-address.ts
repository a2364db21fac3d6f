import ipaddr from 'ipaddr.js';

/** IPv6's global unicast space (RFC 4291 §2.4): everything outside it is refused. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** IPv6 forms that carry an IPv4 address, and where it sits: each is judged by that address (docs/decisions/0181). */
const CARRIES_IPV4: { range: [ipaddr.IPv6, number]; at: number }[] = [
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d: the last 32 bits.
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), at: 12 },
  { range: ipaddr.IPv6.parseCIDR('::/96'), at: 12 },
  // NAT64's well-known prefix (RFC 6052): the last 32 bits.
  { range: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), at: 12 },
  // 6to4 (RFC 3056): 2002:AABB:CCDD::/48 carries a.b.c.d in bits 16–47.
  { range: ipaddr.IPv6.parseCIDR('2002::/16'), at: 2 },
];

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

/**
 * Whether an address is on the public internet (docs/decisions/0135, 0181). IPv4 passes only in
 * ipaddr.js's 'unicast' range: loopback, private, link-local (169.254.169.254), CGNAT (100.64/10),
 * multicast, 0.0.0.0, reserved and documentation ranges fail. IPv6 passes only inside global unicast
 * (2000::/3) and outside its special ranges there (Teredo, documentation, benchmarking, ORCHID…);
 * IPv4-mapped, IPv4-compatible, NAT64 and 6to4 addresses are judged by the IPv4 address inside them.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return isPublicIPv4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const carrier = CARRIES_IPV4.find(({ range }) => v6.match(range));
  if (carrier) return isPublicIPv4(new ipaddr.IPv4(v6.toByteArray().slice(carrier.at, carrier.at + 4)));
  return v6.match(GLOBAL_UNICAST as [ipaddr.IPv6, number]) && v6.range() === 'unicast';
}

/** The address inside a URL's hostname, without IPv6 brackets; null for a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}
