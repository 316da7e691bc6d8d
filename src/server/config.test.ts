import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  configFromEnv,
  isLoopbackHost,
  LOCAL_ADMIN_EMAIL,
  parseEnv,
  secretStrengthBits,
} from './config.ts';

/** The message parseEnv refuses `variables` with ('' when it accepts them). */
function refusal(variables: Record<string, string>): string {
  try {
    parseEnv(variables);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

const SIGN_IN = {
  OIDC_ISSUER: 'https://accounts.google.com',
  OIDC_CLIENT_ID: 'client',
  OIDC_CLIENT_SECRET: 'secret',
};

describe('configuration', () => {
  it('runs locally with no variables at all: SQLite, the embedded sign-in, the local admin', () => {
    const config = configFromEnv(parseEnv({}));
    expect(config.database).toEqual({ kind: 'sqlite', path: './data/reelscore.db' });
    expect(config.oidc).toBeUndefined();
    expect([...config.adminEmails]).toEqual([LOCAL_ADMIN_EMAIL]);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads the allow-list as trimmed, lower-cased addresses', () => {
    const config = configFromEnv(parseEnv({ ADMIN_EMAILS: ' Ana@Example.com, bo@example.org ,' }));
    expect([...config.adminEmails]).toEqual(['ana@example.com', 'bo@example.org']);
  });

  it('refuses to start in production without sign-in, public URL and admins, naming each', () => {
    const run = () => parseEnv({ NODE_ENV: 'production' });
    expect(run).toThrow(ConfigError);
    const message = (() => {
      try {
        run();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of [
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'PUBLIC_URL',
      'ADMIN_EMAILS',
      'SMTP_URL',
      'UNSUBSCRIBE_SECRET',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('starts in production with every required setting', () => {
    const config = configFromEnv(
      parseEnv({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://reelscore.app',
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'client',
        OIDC_CLIENT_SECRET: 'secret',
        ADMIN_EMAILS: 'ana@example.com',
        DATABASE_URL: 'postgres://db.example.com/reelscore',
        SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
        UNSUBSCRIBE_SECRET: 'a-long-random-secret-of-at-least-32-chars',
      }),
    );
    expect(config.oidc?.issuer).toBe('https://accounts.google.com');
    expect(config.database.kind).toBe('postgres');
  });

  it('rejects an allow-list entry that is not an address', () => {
    expect(() => parseEnv({ ADMIN_EMAILS: 'ana@example.com, not-an-address' })).toThrow(
      /ADMIN_EMAILS/,
    );
  });
});

describe('TRUST_PROXY', () => {
  const trusted = (value: string) => configFromEnv(parseEnv({ TRUST_PROXY: value })).trustProxy;

  it('trusts nobody by default, or when false', () => {
    expect(configFromEnv(parseEnv({})).trustProxy).toBe(false);
    expect(trusted('false')).toBe(false);
    expect(trusted('0')).toBe(false);
  });

  it('reads proxy addresses, CIDR ranges and the named ranges, IPv4 and IPv6', () => {
    expect(trusted('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trusted(' 10.0.0.0/8, 127.0.0.1 ')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(trusted('fd00::/8,::1,2001:DB8::1')).toEqual(['fd00::/8', '::1', '2001:db8::1']);
    expect(trusted('loopback,uniquelocal,linklocal')).toEqual([
      'loopback',
      'uniquelocal',
      'linklocal',
    ]);
  });

  it('refuses true, which lets any client pick its address, and says what to set instead', () => {
    const message = refusal({ TRUST_PROXY: 'true' });
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('any client could pick its own address');
    expect(message).toContain('TRUST_PROXY=10.0.0.0/8,127.0.0.1');
  });

  it('refuses a hop count, which cannot tell the proxy from a client that connects directly', () => {
    for (const value of ['1', '2', '10']) {
      expect(refusal({ TRUST_PROXY: value })).toMatch(/TRUST_PROXY: a hop count cannot tell/);
    }
  });

  it('refuses anything that is not an address or range, naming it', () => {
    for (const [value, named] of [
      ['10.0.0.0/33', "'10.0.0.0/33'"],
      ['::1/129', "'::1/129'"],
      ['10.0.0.0/8/1', "'10.0.0.0/8/1'"],
      ['10.0.0.0/x', "'10.0.0.0/x'"],
      ['proxy.example.com', "'proxy.example.com'"],
      ['127.1', "'127.1'"],
      ['10.0.0.1,', 'an empty entry'],
      ['yes', "'yes'"],
    ] as const) {
      expect(refusal({ TRUST_PROXY: value }), value).toContain(`TRUST_PROXY: ${named} is not`);
    }
  });
});

describe('ALLOWED_HOSTS', () => {
  const allowed = (value: string) => configFromEnv(parseEnv({ ALLOWED_HOSTS: value })).allowedHosts;

  it('is empty by default', () => {
    expect(configFromEnv(parseEnv({})).allowedHosts).toEqual([]);
  });

  it('reads host names, addresses and ranges, lower-cased', () => {
    expect(allowed(' Status.Example.com, 10.0.0.0/8 ,192.0.2.7,[FD00::]/8,::1,my_host')).toEqual([
      'status.example.com',
      '10.0.0.0/8',
      '192.0.2.7',
      '[fd00::]/8',
      '::1',
      'my_host',
    ]);
  });

  it('refuses ports, schemes, paths and other things that are not a host', () => {
    for (const value of [
      'example.com:443',
      'https://example.com',
      'example.com/x',
      '10.0.0.0/33',
      'example.com/8',
      'exa mple.com',
      '*.example.com',
      'a..b',
      '[::1]:3000',
    ]) {
      expect(refusal({ ALLOWED_HOSTS: value }), value).toContain('ALLOWED_HOSTS: must be');
    }
  });
});

describe('the embedded sign-in (no OIDC settings) runs on loopback only', () => {
  it('knows the loopback names and addresses', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '[::]',
      '128.0.0.1',
      '10.0.0.1',
      '::2',
      '::ffff:10.0.0.1',
      'localhost.',
      'localhost.example.com',
      'reelscore.app',
      '127.1',
      '',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('accepts the defaults and loopback forms of HOST and PUBLIC_URL', () => {
    const accepted: Record<string, string>[] = [
      {},
      { HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:4000' },
      { HOST: '::1', PUBLIC_URL: 'http://[::1]:3000' },
      { HOST: 'localhost', PUBLIC_URL: 'http://localhost:3000/' },
      { HOST: '127.0.0.2', PUBLIC_URL: 'http://127.1:3000' },
    ];
    for (const variables of accepted) {
      expect(refusal(variables), JSON.stringify(variables)).toBe('');
    }
    expect(configFromEnv(parseEnv({ HOST: '127.0.0.1' })).listenHost).toBe('127.0.0.1');
  });

  it('refuses to listen beyond loopback, naming HOST and the missing sign-in settings', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'reelscore.app']) {
      const message = refusal({ HOST: host });
      expect(message).toContain(`HOST: names ${host}`);
      for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'loopback']) {
        expect(message).toContain(name);
      }
    }
  });

  it('refuses a public PUBLIC_URL (a local proxy could publish the provider)', () => {
    const message = refusal({ PUBLIC_URL: 'https://reelscore.app' });
    expect(message).toContain('PUBLIC_URL: names reelscore.app');
    expect(message).toContain('OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET');
    expect(message).not.toContain('HOST:');
    expect(refusal({ HOST: '0.0.0.0', PUBLIC_URL: 'http://10.0.0.5:3000' })).toMatch(
      /HOST: names 0\.0\.0\.0[\s\S]*PUBLIC_URL: names 10\.0\.0\.5/,
    );
  });

  it('accepts any address with all three sign-in settings, and refuses only some of them', () => {
    expect(refusal({ HOST: '0.0.0.0', PUBLIC_URL: 'https://reelscore.app', ...SIGN_IN })).toBe('');
    const message = refusal({ HOST: '127.0.0.1', OIDC_ISSUER: SIGN_IN.OIDC_ISSUER });
    expect(message).toContain('OIDC_CLIENT_ID: is required with the other sign-in settings');
    expect(message).toContain('missing: OIDC_CLIENT_ID, OIDC_CLIENT_SECRET');
  });
});

describe('UNSUBSCRIBE_SECRET', () => {
  it('refuses guessable secrets of any length, saying how to make a good one', () => {
    for (const secret of [
      'a'.repeat(32),
      'ab'.repeat(16),
      'abababababababababababababababababababab',
      'abcdefgh'.repeat(8),
      'password'.repeat(4),
      '0123456789'.repeat(5),
    ]) {
      const message = refusal({ UNSUBSCRIBE_SECRET: secret });
      expect(message, secret).toContain('UNSUBSCRIBE_SECRET: is too easy to guess');
      expect(message).toContain('openssl rand -base64 48');
    }
    expect(refusal({ UNSUBSCRIBE_SECRET: 'short' })).toContain('at least 32 characters');
  });

  it('accepts random secrets as openssl and Node make them', () => {
    for (let n = 0; n < 20; n++) {
      for (const secret of [
        randomBytes(48).toString('base64'),
        randomBytes(32).toString('base64url'),
        randomBytes(32).toString('hex'),
      ]) {
        expect(refusal({ UNSUBSCRIBE_SECRET: secret }), secret).toBe('');
      }
    }
  });

  it('scores by the lower of character spread and compressibility', () => {
    expect(secretStrengthBits('a'.repeat(32))).toBe(0);
    expect(secretStrengthBits('ab'.repeat(16))).toBeCloseTo(32);
    // Many different characters, but one run repeated: compression sees through it.
    expect(secretStrengthBits('abcdefgh'.repeat(8))).toBeLessThan(128);
    expect(secretStrengthBits(randomBytes(48).toString('base64'))).toBeGreaterThan(256);
  });
});

describe('HTTP time limits', () => {
  it('cut slow and silent clients by default, and can be set', () => {
    expect(configFromEnv(parseEnv({})).httpTimeouts).toEqual({
      requestMs: 30_000,
      headersMs: 10_000,
      idleMs: 30_000,
      keepAliveMs: 5_000,
    });
    const set = configFromEnv(
      parseEnv({ REQUEST_TIMEOUT_SECONDS: '5', KEEP_ALIVE_TIMEOUT_SECONDS: '65' }),
    ).httpTimeouts;
    expect(set).toEqual({ requestMs: 5_000, headersMs: 5_000, idleMs: 5_000, keepAliveMs: 65_000 });
    expect(refusal({ REQUEST_TIMEOUT_SECONDS: '0' })).toContain('REQUEST_TIMEOUT_SECONDS');
  });
});

describe('export limits', () => {
  const POSTGRES = { DATABASE_URL: 'postgres://db.example.com/reelscore' };

  it('leave most of the pool to everything else by default, and can be set', () => {
    expect(configFromEnv(parseEnv(POSTGRES)).exports).toEqual({
      perUser: 2,
      total: 3,
      statementTimeoutMs: 600_000,
      minBytesPerSecond: 16_384,
      minRateWindowMs: 30_000,
    });
    const set = configFromEnv(
      parseEnv({
        ...POSTGRES,
        DATABASE_POOL_SIZE: '20',
        EXPORTS_PER_USER: '1',
        EXPORTS_TOTAL: '19',
        EXPORT_STATEMENT_TIMEOUT_SECONDS: '120',
        EXPORT_MIN_BYTES_PER_SECOND: '0',
        EXPORT_MIN_RATE_WINDOW_SECONDS: '10',
      }),
    ).exports;
    expect(set).toEqual({
      perUser: 1,
      total: 19,
      statementTimeoutMs: 120_000,
      minBytesPerSecond: 0,
      minRateWindowMs: 10_000,
    });
  });

  it('refuses as many exports as the pool has connections, saying what to set', () => {
    expect(refusal({ ...POSTGRES, EXPORTS_TOTAL: '10' })).toContain(
      'EXPORTS_TOTAL: must be below DATABASE_POOL_SIZE (10), so running exports leave connections for everything else; set EXPORTS_TOTAL to 9 or fewer, or raise DATABASE_POOL_SIZE',
    );
    expect(refusal({ ...POSTGRES, DATABASE_POOL_SIZE: '3' })).toContain(
      'EXPORTS_TOTAL: must be below DATABASE_POOL_SIZE (3)',
    );
    expect(refusal({ ...POSTGRES, DATABASE_POOL_SIZE: '1', EXPORTS_TOTAL: '1' })).toContain(
      'raise DATABASE_POOL_SIZE',
    );
    expect(refusal({ ...POSTGRES, DATABASE_POOL_SIZE: '4' })).toBe('');
    // SQLite has no pool to share.
    expect(refusal({ EXPORTS_TOTAL: '50' })).toBe('');
  });

  it('refuses values out of range, naming each', () => {
    const message = refusal({
      EXPORTS_PER_USER: '0',
      EXPORTS_TOTAL: 'many',
      EXPORT_STATEMENT_TIMEOUT_SECONDS: '0',
      EXPORT_MIN_BYTES_PER_SECOND: '-1',
      EXPORT_MIN_RATE_WINDOW_SECONDS: '0.5',
    });
    for (const name of [
      'EXPORTS_PER_USER',
      'EXPORTS_TOTAL',
      'EXPORT_STATEMENT_TIMEOUT_SECONDS',
      'EXPORT_MIN_BYTES_PER_SECOND',
      'EXPORT_MIN_RATE_WINDOW_SECONDS',
    ]) {
      expect(message).toContain(name);
    }
  });
});

describe('webhook settings', () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;

  it('has no receivers by default, and the Standard Webhooks retry schedule', () => {
    const { webhooks } = configFromEnv(parseEnv({}));
    expect(webhooks.urls).toEqual([]);
    expect(webhooks.retryWaitsMs).toEqual(
      [5, 300, 1800, 7200, 18000, 36000, 36000].map((s) => s * 1000),
    );
  });

  it('reads comma-separated receivers with their secret', () => {
    const env = parseEnv({
      WEBHOOK_URLS: ' https://hooks.example/a , http://127.0.0.1:9000/b ',
      WEBHOOK_SECRET: secret,
      WEBHOOK_RETRY_SECONDS: '1, 2.5',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1',
    });
    expect(configFromEnv(env).webhooks).toMatchObject({
      urls: ['https://hooks.example/a', 'http://127.0.0.1:9000/b'],
      secret,
      retryWaitsMs: [1000, 2500],
      allowPrivateTargets: ['127.0.0.1'],
    });
  });

  it('sends to public addresses only unless WEBHOOK_ALLOW_PRIVATE_TARGETS lists others', () => {
    expect(configFromEnv(parseEnv({})).webhooks.allowPrivateTargets).toEqual([]);
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://reelscore.app',
      ...SIGN_IN,
      ADMIN_EMAILS: 'ana@example.com',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      UNSUBSCRIBE_SECRET: 'a-long-random-secret-of-at-least-32-chars',
      WEBHOOK_URLS: 'https://10.0.0.7/hooks',
      WEBHOOK_SECRET: secret,
    };
    expect(refusal(production)).toContain('WEBHOOK_URLS: https://10.0.0.7/hooks leads to');
    const allowedInProduction = parseEnv({
      ...production,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '10.0.0.7',
    });
    expect(configFromEnv(allowedInProduction).webhooks.allowPrivateTargets).toEqual(['10.0.0.7']);
    const listed = parseEnv({
      WEBHOOK_ALLOW_PRIVATE_TARGETS: ' 127.0.0.1, 10.0.0.0/8 ,FD12::/16 ',
    });
    expect(configFromEnv(listed).webhooks.allowPrivateTargets).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd12::/16',
    ]);
    for (const bad of [
      'localhost',
      '10.0.0.0/33',
      '0x7f000001',
      '127.1',
      'loopback',
      '10.0.0.0/8/1',
    ]) {
      expect(refusal({ WEBHOOK_ALLOW_PRIVATE_TARGETS: bad }), bad).toContain(
        'WEBHOOK_ALLOW_PRIVATE_TARGETS: must be comma-separated addresses or CIDR ranges',
      );
    }
  });

  it('refuses receivers at internal addresses, in any spelling, that the allow-list does not name', () => {
    for (const host of [
      '127.0.0.1',
      '127.1',
      '0x7f000001',
      '2130706433',
      '[::1]',
      '[::ffff:127.0.0.1]',
      'localhost',
      '169.254.169.254',
      '10.1.2.3',
    ]) {
      const url = `http://${host}:9000/hooks`;
      expect(refusal({ WEBHOOK_URLS: url, WEBHOOK_SECRET: secret }), url).toContain(
        'WEBHOOK_URLS: http://',
      );
      expect(refusal({ WEBHOOK_URLS: url, WEBHOOK_SECRET: secret }), url).toContain(
        'WEBHOOK_ALLOW_PRIVATE_TARGETS',
      );
    }
    const allowed = parseEnv({
      WEBHOOK_URLS: 'http://127.1:9000/hooks,http://10.1.2.3/hooks',
      WEBHOOK_SECRET: secret,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.0/8,10.1.2.3',
    });
    expect(allowed.WEBHOOK_URLS).toHaveLength(2);
    // A range never opens a metadata address: only the address itself.
    expect(
      refusal({
        WEBHOOK_URLS: 'http://169.254.169.254/',
        WEBHOOK_SECRET: secret,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: '169.254.0.0/16',
      }),
    ).toContain('WEBHOOK_URLS');
  });

  it('refuses receivers without a secret, saying how to make one', () => {
    const message = refusal({ WEBHOOK_URLS: 'https://hooks.example/a' });
    expect(message).toContain('WEBHOOK_SECRET: is required with WEBHOOK_URLS');
    expect(message).toContain('openssl rand -base64 32');
  });

  it('refuses addresses and secrets that are not of the expected form', () => {
    for (const url of ['ftp://hooks.example/', 'https://user:pw@hooks.example/', 'hooks.example']) {
      expect(refusal({ WEBHOOK_URLS: url, WEBHOOK_SECRET: secret }), url).toContain(
        'WEBHOOK_URLS: must be comma-separated http:// or https:// addresses',
      );
    }
    for (const bad of ['whsec_short', randomBytes(32).toString('base64'), 'whsec_!!!!']) {
      expect(refusal({ WEBHOOK_SECRET: bad }), bad).toContain('WEBHOOK_SECRET: must be whsec_');
    }
    for (const schedule of ['soon', '-1', '1,,2', Array(21).fill('1').join(',')]) {
      expect(refusal({ WEBHOOK_RETRY_SECONDS: schedule }), schedule).toContain(
        'WEBHOOK_RETRY_SECONDS',
      );
    }
  });
});
