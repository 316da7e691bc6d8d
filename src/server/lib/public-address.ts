import ipaddr from 'ipaddr.js';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the service may reach on someone else's say (a webhook URL an admin typed):
 * public unicast addresses only, as ipaddr.js names the ranges of the IANA special-purpose
 * registries. Everything else reaches this machine, a private network, or a cloud's metadata
 * service, and is refused unless the operator allows it (AddressAllowList).
 */
export interface AddressVerdict {
  public: boolean;
  /** ipaddr.js's name of the range (`unicast`, `loopback`, `private`, ...), or `metadata`. */
  range: string;
  /** The IPv4 address an IPv6 form carries (mapped, NAT64, 6to4), which decided the verdict. */
  embedded?: string;
}

/**
 * Cloud instance metadata and host services: AWS, GCP, Azure, OpenStack (169.254.169.254), ECS
 * tasks (169.254.170.2), Azure's host (168.63.129.16, a public address), Alibaba
 * (100.100.100.200), Oracle (192.0.0.192), AWS over IPv6 (fd00:ec2::254). Allowed only when the
 * allow-list names the address itself, never through a range.
 */
export const METADATA_ADDRESSES: ReadonlySet<string> = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '168.63.129.16',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
]);

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as [ipaddr.IPv6, number];
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];

/**
 * The IPv4 address inside an IPv6 form that leads to it: IPv4-mapped (::ffff:a.b.c.d), the
 * RFC 6145 translated form (::ffff:0:a.b.c.d), NAT64's well-known prefix (64:ff9b::a.b.c.d) and
 * 6to4 (2002:aabb:ccdd::).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const bytes = address.toByteArray();
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64)) {
    return ipaddr.fromByteArray(bytes.slice(12, 16)) as ipaddr.IPv4;
  }
  if (range === '6to4') return ipaddr.fromByteArray(bytes.slice(2, 6)) as ipaddr.IPv4;
  return undefined;
}

function verdictIPv4(address: ipaddr.IPv4): AddressVerdict {
  if (METADATA_ADDRESSES.has(address.toString())) return { public: false, range: 'metadata' };
  const range = address.range();
  return { public: range === 'unicast', range };
}

function verdictIPv6(address: ipaddr.IPv6): AddressVerdict {
  if (METADATA_ADDRESSES.has(address.toString())) return { public: false, range: 'metadata' };
  const embedded = embeddedIPv4(address);
  if (embedded) return { ...verdictIPv4(embedded), embedded: embedded.toString() };
  const range = address.range();
  if (range !== 'unicast') return { public: false, range };
  // ipaddr.js calls every address outside its special ranges unicast; only 2000::/3 is assigned.
  if (address.match(IPV4_COMPATIBLE)) return { public: false, range: 'ipv4Compatible' };
  if (!address.match(GLOBAL_UNICAST)) return { public: false, range: 'unassigned' };
  return { public: true, range };
}

/**
 * The verdict on one address as a resolver or the URL parser writes it (`127.0.0.1`, `::1`;
 * brackets allowed). Anything that is not such an address is refused.
 */
export function addressVerdict(text: string): AddressVerdict {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) === 0) return { public: false, range: 'invalid' };
  const address: Address = ipaddr.parse(bare);
  return address.kind() === 'ipv4'
    ? verdictIPv4(address as ipaddr.IPv4)
    : verdictIPv6(address as ipaddr.IPv6);
}

/** Whether a setting's entry is an address or a CIDR range (`10.0.0.0/8`, `fd12::/16`). */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Addresses and ranges the operator allows although they are not public. */
export interface AddressAllowList {
  allows(address: string): boolean;
}

/**
 * The allow-list of `entries` (addresses and CIDR ranges, checked by isAddressOrRange). An
 * IPv6 form is allowed when its embedded IPv4 address is. A metadata address must be named
 * itself: a range never allows it.
 */
export function addressAllowList(entries: readonly string[]): AddressAllowList {
  const list = new BlockList();
  const named = new Set<string>();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    const whole = prefix === undefined || Number(prefix) === (family === 'ipv4' ? 32 : 128);
    if (whole) named.add(ipaddr.parse(address).toString());
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return {
    allows(text) {
      const bare = text.replace(/^\[(.*)\]$/, '$1');
      const version = isIP(bare);
      if (version === 0) return false;
      const verdict = addressVerdict(bare);
      if (verdict.range === 'metadata') {
        return named.has(verdict.embedded ?? ipaddr.parse(bare).toString());
      }
      if (list.check(bare, version === 4 ? 'ipv4' : 'ipv6')) return true;
      return verdict.embedded !== undefined && list.check(verdict.embedded, 'ipv4');
    },
  };
}

/** Whether the service may connect to `address`: public, or allowed by the operator. */
export function mayConnect(address: string, allowList: AddressAllowList): boolean {
  return addressVerdict(address).public || allowList.allows(address);
}

/** Names that lead to this machine by definition (RFC 6761): `localhost` and `*.localhost`. */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * What can be told of a URL's host before resolving it: a literal address (the URL parser has
 * already turned `0x7f000001`, `2130706433`, `0177.0.0.1` or `127.1` into `127.0.0.1`) is decided
 * as it is; `localhost` names as the loopback addresses they stand for. Other names are
 * `undecided`: their addresses decide, when they are resolved.
 */
export function hostVerdict(
  hostname: string,
  allowList: AddressAllowList,
): 'allowed' | 'refused' | 'undecided' {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) !== 0) return mayConnect(bare, allowList) ? 'allowed' : 'refused';
  if (isLocalhostName(bare)) {
    return allowList.allows('127.0.0.1') || allowList.allows('::1') ? 'allowed' : 'refused';
  }
  return 'undecided';
}
