import fc from 'fast-check';
import { BlockList } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  addressAllowList,
  addressVerdict,
  hostVerdict,
  METADATA_ADDRESSES,
  mayConnect,
} from './public-address.ts';

/*
 * The decision as a function of the address alone: nothing here resolves a name or connects.
 * The expected answers come from this file's own table, written from the IANA special-purpose
 * address registries, not from the library the code uses.
 */

/** IPv4 ranges no webhook may reach, with the registry's name. */
const FORBIDDEN_V4: [string, string][] = [
  ['0.0.0.0/8', 'this network'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'shared (CGNAT)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation (TEST-NET-1)'],
  ['192.31.196.0/24', 'AS112'],
  ['192.52.193.0/24', 'AMT'],
  ['192.88.99.0/24', '6to4 relay anycast'],
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'AS112'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation (TEST-NET-2)'],
  ['203.0.113.0/24', 'documentation (TEST-NET-3)'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['255.255.255.255/32', 'broadcast'],
  ['168.63.129.16/32', 'Azure host (metadata)'],
];

/** IPv6 ranges no webhook may reach (beside everything outside 2000::/3). */
const FORBIDDEN_V6: [string, string][] = [
  ['::1/128', 'loopback'],
  ['::/128', 'unspecified'],
  ['::/96', 'IPv4-compatible'],
  ['64:ff9b:1::/48', 'local-use NAT64'],
  ['100::/64', 'discard'],
  ['2001::/23', 'IETF protocol assignments (Teredo, ORCHID, benchmarking)'],
  ['2001::/32', 'Teredo'],
  ['2001:db8::/32', 'documentation'],
  ['2620:4f:8000::/48', 'AS112'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'segment routing'],
  ['fc00::/7', 'unique-local'],
  ['fd00:ec2::254/128', 'AWS metadata'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local (deprecated)'],
  ['ff00::/8', 'multicast'],
];

const v4Table = new BlockList();
for (const [cidr] of FORBIDDEN_V4) {
  const [address = '', prefix] = cidr.split('/');
  v4Table.addSubnet(address, Number(prefix), 'ipv4');
}
const v6Table = new BlockList();
for (const [cidr] of FORBIDDEN_V6) {
  const [address = '', prefix] = cidr.split('/');
  v6Table.addSubnet(address, Number(prefix), 'ipv6');
}

const dotted = (n: number) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
const v4Number = (text: string) =>
  text.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
const hex16 = (n: number) => n.toString(16);
const v6Text = (x: bigint) =>
  Array.from({ length: 8 }, (_, index) =>
    ((x >> BigInt(112 - 16 * index)) & 0xffffn).toString(16),
  ).join(':');
const v6Number = (text: string): bigint => {
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = Array.from({ length: 8 - left.length - right.length }, () => '0');
  const groups: string[] = tail === undefined ? left : [...left, ...missing, ...right];
  return groups.reduce((sum, group) => (sum << 16n) + BigInt(parseInt(group, 16)), 0n);
};

/** Expected, by this file's table: may a webhook go to the IPv4 address `n`? */
const publicV4 = (n: number) => !v4Table.check(dotted(n), 'ipv4');

/** Expected for an IPv6 address: embedding forms by their IPv4 address, else the table. */
function publicV6(x: bigint): boolean {
  const top96 = x >> 32n;
  const low32 = Number(x & 0xffffffffn);
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (RFC 6145), 64:ff9b::a.b.c.d (NAT64).
  if (top96 === 0xffffn || top96 === 0xffff0000n || top96 === 0x64ff9bn << 64n) {
    return publicV4(low32);
  }
  if (x >> 112n === 0x2002n) return publicV4(Number((x >> 80n) & 0xffffffffn));
  if (x >> 125n !== 1n) return false;
  return !v6Table.check(v6Text(x), 'ipv6');
}

function inV4(cidr: string) {
  const [address = '', prefix] = cidr.split('/');
  const size = 2 ** (32 - Number(prefix));
  return fc.integer({ min: 0, max: size - 1 }).map((offset) => v4Number(address) + offset);
}

function inV6(cidr: string) {
  const [address = '', prefix] = cidr.split('/');
  const size = 1n << BigInt(128 - Number(prefix));
  return fc.bigInt({ min: 0n, max: size - 1n }).map((offset) => v6Number(address) + offset);
}

/** Every spelling of an IPv4 address the URL parser accepts as a host, and its IPv6 forms. */
function v4Spellings(n: number): string[] {
  const octets = [24, 16, 8, 0].map((shift) => (n >>> shift) & 255);
  const [a = 0, b = 0] = octets;
  const [high, low] = [hex16(n >>> 16), hex16(n & 0xffff)];
  return [
    dotted(n),
    `${dotted(n)}.`,
    String(n),
    `0x${n.toString(16)}`,
    `0X${n.toString(16).toUpperCase()}`,
    `0${n.toString(8)}`,
    octets.map((octet) => `0${octet.toString(8)}`).join('.'),
    octets.map((octet) => `0x${octet.toString(16)}`).join('.'),
    `${a}.${n & 0xffffff}`,
    `${a}.${b}.${n & 0xffff}`,
    `0x${a.toString(16)}.0${b.toString(8)}.${n & 0xffff}`,
    `[::ffff:${dotted(n)}]`,
    `[::ffff:${high}:${low}]`,
    `[::FFFF:${high.toUpperCase()}:${low.toUpperCase()}]`,
    `[0:0:0:0:0:ffff:${dotted(n)}]`,
    `[0000:0000:0000:0000:0000:ffff:${dotted(n)}]`,
    `[::ffff:0:${dotted(n)}]`,
    `[64:ff9b::${dotted(n)}]`,
    `[64:ff9b::${high}:${low}]`,
    `[2002:${high}:${low}::1]`,
  ];
}

const NONE = addressAllowList([]);
const hostOf = (spelling: string) => new URL(`http://${spelling}:8080/hooks`).hostname;

describe('which addresses a webhook may reach', () => {
  it.each(FORBIDDEN_V4)('refuses every address of %s (%s) in every spelling', (cidr) => {
    fc.assert(
      fc.property(inV4(cidr), (n) => {
        expect(addressVerdict(dotted(n)).public, dotted(n)).toBe(false);
        for (const spelling of v4Spellings(n)) {
          const host = hostOf(spelling);
          expect(hostVerdict(host, NONE), `${spelling} -> ${host}`).toBe('refused');
          expect(mayConnect(host, NONE), spelling).toBe(false);
        }
        // IPv4-compatible (::a.b.c.d) is refused whatever it carries.
        expect(hostVerdict(hostOf(`[::${dotted(n)}]`), NONE)).toBe('refused');
      }),
      { numRuns: 50 },
    );
  });

  it.each(FORBIDDEN_V6)('refuses every address of %s (%s) in every spelling', (cidr) => {
    fc.assert(
      fc.property(inV6(cidr), (x) => {
        const full = v6Text(x);
        const spellings = [
          full,
          full.toUpperCase(),
          full
            .split(':')
            .map((group) => group.padStart(4, '0'))
            .join(':'),
        ];
        for (const spelling of spellings) {
          const host = hostOf(`[${spelling}]`);
          expect(hostVerdict(host, NONE), `${spelling} -> ${host}`).toBe('refused');
          expect(addressVerdict(spelling).public, spelling).toBe(false);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('agrees with the registry table on any IPv4 address', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 2 ** 32 - 1 }),
          ...FORBIDDEN_V4.map(([cidr]) => inV4(cidr)),
        ),
        (n) => {
          expect(addressVerdict(dotted(n)).public, dotted(n)).toBe(publicV4(n));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('agrees with the registry table on any IPv6 address, embedded IPv4 forms included', () => {
    const embedding = (prefix: bigint, shift: bigint) =>
      fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((n) => prefix + (BigInt(n) << shift));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }),
          inV6('2000::/3'),
          ...FORBIDDEN_V6.map(([cidr]) => inV6(cidr)),
          embedding(0xffffn << 32n, 0n),
          embedding(0xffff0000n << 32n, 0n),
          embedding(v6Number('64:ff9b::'), 0n),
          embedding(v6Number('2002::'), 80n),
        ),
        (x) => {
          expect(addressVerdict(v6Text(x)).public, v6Text(x)).toBe(publicV6(x));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('lets public addresses through in their IPv6 forms, but not as IPv4-compatible', () => {
    for (const address of ['8.8.8.8', '93.184.215.14', '1.1.1.1']) {
      const n = v4Number(address);
      expect(addressVerdict(address)).toEqual({ public: true, range: 'unicast' });
      for (const spelling of v4Spellings(n)) {
        expect(hostVerdict(hostOf(spelling), NONE), spelling).toBe('allowed');
      }
      expect(hostVerdict(hostOf(`[::${address}]`), NONE)).toBe('refused');
    }
    expect(addressVerdict('2606:4700:4700::1111').public).toBe(true);
    expect(addressVerdict('2a00:1450:4001:80b::200e').public).toBe(true);
  });

  it('names the range that decided, and the IPv4 address an IPv6 form carries', () => {
    expect(addressVerdict('127.0.0.1')).toEqual({ public: false, range: 'loopback' });
    expect(addressVerdict('169.254.169.254')).toEqual({ public: false, range: 'metadata' });
    expect(addressVerdict('::ffff:7f00:1')).toEqual({
      public: false,
      range: 'loopback',
      embedded: '127.0.0.1',
    });
    expect(addressVerdict('64:ff9b::a9fe:a9fe')).toMatchObject({ range: 'metadata' });
    expect(addressVerdict('2002:c0a8:101::1')).toMatchObject({ range: 'private' });
    expect(addressVerdict('fd00:ec2::254')).toEqual({ public: false, range: 'metadata' });
  });

  it('refuses what is not an address as a resolver writes it', () => {
    for (const text of ['', 'localhost', '0x7f000001', '2130706433', '127.1', '1.2.3.4.5', '::g']) {
      expect(addressVerdict(text).public, text).toBe(false);
    }
  });
});

describe('names decided before any lookup', () => {
  it('refuses localhost and *.localhost in any case, with or without the final dot', () => {
    for (const name of [
      'localhost',
      'LOCALHOST',
      'localhost.',
      'api.localhost',
      'a.b.LocalHost.',
      'ｌｏｃａｌｈｏｓｔ',
    ]) {
      expect(hostVerdict(hostOf(name), NONE), name).toBe('refused');
    }
  });

  it('leaves every other name to be decided by its addresses', () => {
    for (const name of [
      'hooks.example.com',
      'localhost.example.com',
      'mylocalhost',
      '127.0.0.1.nip.io',
    ]) {
      expect(hostVerdict(hostOf(name), NONE), name).toBe('undecided');
    }
  });
});

describe('the operator allow-list', () => {
  it('allows the listed addresses and ranges, in their IPv6 forms too, and nothing beside', () => {
    const allowed = addressAllowList(['127.0.0.1', '10.0.0.0/8', 'fd12:3456::/32']);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '10.1.2.3', '::ffff:a01:203']) {
      expect(mayConnect(address, allowed), address).toBe(true);
    }
    expect(mayConnect('fd12:3456::9', allowed)).toBe(true);
    for (const address of ['127.0.0.2', '::1', '192.168.1.1', '11.0.0.1', 'fd12:3457::1']) {
      expect(mayConnect(address, allowed) && !addressVerdict(address).public, address).toBe(false);
    }
    expect(hostVerdict('localhost', allowed)).toBe('allowed');
    expect(hostVerdict('localhost', addressAllowList(['10.0.0.0/8']))).toBe('refused');
  });

  it('never lets a range reach a metadata address: only the address itself', () => {
    const ranges = addressAllowList([
      '169.254.0.0/16',
      '100.64.0.0/10',
      'fc00::/7',
      '168.63.0.0/16',
      '192.0.0.0/24',
    ]);
    for (const address of METADATA_ADDRESSES) {
      expect(mayConnect(address, ranges), address).toBe(false);
      expect(mayConnect(address, addressAllowList([address])), address).toBe(true);
    }
    expect(mayConnect('::ffff:169.254.169.254', ranges)).toBe(false);
    expect(mayConnect('169.254.1.1', ranges)).toBe(true);
    expect(mayConnect('100.100.100.200', addressAllowList(['100.100.100.200/32']))).toBe(true);
  });
});
