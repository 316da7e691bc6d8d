import { createHmac } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { derivedKey } from '../links/signed-links.ts';

const networkHashKey = derivedKey('network');

/**
 * The network a request came from, as a keyed hash: the /24 of an IPv4 address, the /64 of an
 * IPv6 one (a home or an office; one device's addresses change inside it). The key is derived
 * from the service's secret, so the stored value cannot be turned back into a network by trying
 * every one. Undefined for something that is not a public IP address: loopback, private and
 * link-local addresses say which proxy a request came through, not whose network it was.
 */
export function networkKey(secret: string, ip: string): string | undefined {
  if (isPrivateAddress(ip)) return undefined;
  const prefix = networkPrefix(ip);
  if (prefix === undefined) return undefined;
  return createHmac('sha256', networkHashKey(secret))
    .update(prefix)
    .digest('base64url')
    .slice(0, 22);
}

/** `a.b.c` for IPv4 (IPv4-mapped IPv6 included), the first four groups for IPv6. */
export function networkPrefix(ip: string): string | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (isIPv4(v4)) return v4.split('.').slice(0, 3).join('.');
  if (!isIPv6(ip)) return undefined;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = ip.includes('::')
    ? [
        ...headGroups,
        ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'),
        ...tailGroups,
      ]
    : headGroups;
  return groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':');
}

const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

/** Loopback, private (RFC 1918, unique local), shared (CGNAT) and link-local addresses. */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  if (isIPv4(address)) return PRIVATE.check(address, 'ipv4');
  if (isIPv6(address)) return PRIVATE.check(address, 'ipv6');
  return false;
}
