import { isIPv4, isIPv6 } from 'node:net';

/** Expands an IPv6 address to its eight 16-bit groups. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const last = right.at(-1) ?? left.at(-1) ?? '';
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  if (isIPv4(last)) {
    const parts = last.split('.').map(Number);
    const words = [
      ((parts[0] ?? 0) << 8) | (parts[1] ?? 0),
      ((parts[2] ?? 0) << 8) | (parts[3] ?? 0),
    ];
    (right.length > 0 ? right : left).splice(-1, 1, ...words.map((word) => word.toString(16)));
  }
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The key a per-client rate limit counts under. IPv4 addresses (also written as IPv4-mapped
 * IPv6) count one by one; an IPv6 address counts by its /64, since one subscriber is handed a
 * whole /64 and could otherwise pick a new address for every request. A client address that is
 * not an IP at all (a malformed X-Forwarded-For entry from a proxy) falls back to the peer.
 */
export function clientKey(ip: string, peer: string | undefined): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (isIPv6(ip.split('%', 1)[0] ?? '')) {
    return `${ipv6Groups(ip.split('%', 1)[0] ?? '')
      .slice(0, 4)
      .join(':')}::/64`;
  }
  return peer && peer !== ip ? clientKey(peer, undefined) : 'unknown-client';
}
