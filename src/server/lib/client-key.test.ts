import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('the key a per-client rate limit counts under', () => {
  it('counts IPv4 addresses one by one, however they are written', () => {
    expect(clientKey('203.0.113.7', '127.0.0.1')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7', '127.0.0.1')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:203.0.113.7', '127.0.0.1')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:0db8:0001:0002:ffff:0:0:1',
      '2001:DB8:1:2::ffff:1.2.3.4',
      'fe80:0:0:0::1%eth0'.replace('fe80:0:0:0', '2001:db8:1:2'),
    ].map((ip) => clientKey(ip, '::1'));
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientKey('2001:db8:1:3::1', '::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1', undefined)).toBe('0:0:0:0::/64');
  });

  it('falls back to the peer when the client address is not an address', () => {
    for (const garbage of ['garbage', '203.0.113.7:1234', '6.6.6.6 203.0.113.7', '', '<script>']) {
      expect(clientKey(garbage, '10.0.0.2'), garbage).toBe('10.0.0.2');
    }
    expect(clientKey('garbage', undefined)).toBe('unknown-client');
  });
});
