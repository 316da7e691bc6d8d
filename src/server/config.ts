import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { isMailbox, normaliseEmail } from '../contract/email-rules.ts';
import { PROGRAM_TYPES } from '../contract/signup-types.ts';
import type { OutboxSettings } from './platform/mail/outbox-worker.ts';
import type { LeaseWorkerSettings } from './platform/queue/lease-worker.ts';
import { addressAllowList, hostVerdict, isAddressOrRange } from './lib/public-address.ts';
import { isWebhookUrl } from '../contract/webhooks.ts';

/** The admin address of a local run, signed in through the embedded provider (README). */
export const LOCAL_ADMIN_EMAIL = 'admin@reelscore.local';

const packageJson = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

/** proxy-addr's named ranges, which Fastify accepts beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  return PROXY_RANGE_NAMES.has(entry) || isAddressOrRange(entry);
}

/**
 * Which peers may speak for the client in X-Forwarded-*: nobody (`false`), or the listed proxy
 * addresses and ranges. `true` and hop counts are refused: proxies append to X-Forwarded-For,
 * so trusting every hop lets a client choose its own address, and a hop count cannot tell the
 * proxy from a client that connects directly (Fastify ignores it since 5.12.1).
 */
const trustProxySetting = z.string().transform((value, context): false | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  const instead =
    'list the addresses or CIDR ranges of your proxies instead, e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1 ' +
    '(or the names loopback, linklocal, uniquelocal)';
  if (text === 'true') {
    context.addIssue({
      code: 'custom',
      message: `true trusts every X-Forwarded-For entry, so any client could pick its own address; ${instead}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    context.addIssue({
      code: 'custom',
      message: `a hop count cannot tell your proxy from a client that connects directly; ${instead}`,
    });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    const shown = wrong.map((entry) => (entry ? `'${entry}'` : 'an empty entry')).join(', ');
    context.addIssue({
      code: 'custom',
      message: `${shown} is not an address or range; ${instead}`,
    });
    return z.NEVER;
  }
  return entries;
});

const HOST_NAME = /^[a-z0-9_-]{1,63}(?:\.[a-z0-9_-]{1,63})*$/;

/**
 * One entry of ALLOWED_HOSTS: a host name (letters, digits, dots, hyphens), an IP address (IPv6
 * with or without brackets) or a CIDR range of addresses; no port and no scheme.
 */
function isAllowedHostEntry(entry: string): boolean {
  const bare = entry.replace(/^\[([^\]]*)\](?=\/|$)/, (_bracketed, inner: string) => inner);
  if (isIP(bare.split('/', 1)[0] ?? '') !== 0) return isProxyAddress(bare);
  return entry.length <= 253 && HOST_NAME.test(entry);
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether a host name or address (IPv6 with or without brackets) reaches this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, (_bracketed, inner: string) => inner);
  if (name === 'localhost') return true;
  const version = isIP(name);
  return version !== 0 && LOOPBACK.check(name, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A lower bound on a secret's strength in bits: the Shannon entropy of its own characters (few
 * distinct characters score low) or its compressed size (repeated runs score low), the lower.
 */
export function secretStrengthBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...secret].length;
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / length) * Math.log2(count / length);
  return Math.min(perChar * length, deflateRawSync(secret, { level: 9 }).length * 8);
}

const MIN_SECRET_BITS = 128;

/** A comma-separated setting (empty by default): its entries trimmed, empty ones dropped. */
function commaList({ lowerCase = false } = {}) {
  return z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => (lowerCase ? entry.trim().toLowerCase() : entry.trim()))
        .filter(Boolean),
    );
}

const databaseUrl = z
  .url()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL');

/**
 * Every setting the service reads, with its default. With no variables at all the service runs
 * locally on embedded defaults. Documented in the README's configuration table.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: databaseUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  SQLITE_PATH: z.string().min(1).default('./data/reelscore.db'),
  REDIS_URL: z
    .url()
    .refine((value) => /^rediss?:\/\//.test(value), 'must be a redis:// URL')
    .optional(),
  SIGNUP_PROGRAM: z.enum(PROGRAM_TYPES).default('CLOSED_ALPHA'),
  SIGNUP_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  SIGNUP_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  APP_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  APP_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  EXPORTS_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
  EXPORTS_TOTAL: z.coerce.number().int().min(1).max(1000).default(3),
  EXPORT_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  EXPORT_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(1_000_000_000).default(16_384),
  EXPORT_MIN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SIGNUP_CONFIRMATION: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  REFERRAL_PLACES: z.coerce.number().int().min(0).max(100_000).default(10),
  REFERRAL_CAP: z.coerce.number().int().min(0).max(100_000).default(10),
  MOVED_UP_MAIL: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  DISPOSABLE_DOMAINS_ALLOWED: commaList({ lowerCase: true }).refine(
    (domains) => domains.every((domain) => !domain.includes('@') && domainToASCII(domain) !== ''),
    'must be comma-separated domain names (example.com), not addresses',
  ),
  TRUST_PROXY: trustProxySetting.default(false),
  ALLOWED_HOSTS: commaList({ lowerCase: true }).refine(
    (entries) => entries.every(isAllowedHostEntry),
    'must be comma-separated host names, IP addresses or CIDR ranges (10.0.0.0/8), without ports or schemes',
  ),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(5),
  WEB_ROOT: z.string().min(1).default('./build/client'),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  ADMIN_EMAILS: z
    .string()
    .default(LOCAL_ADMIN_EMAIL)
    .transform((value) => value.split(',').map(normaliseEmail).filter(Boolean))
    .refine((emails) => emails.every(isMailbox), 'must be comma-separated email addresses'),
  VIEWER_EMAILS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map(normaliseEmail).filter(Boolean))
    .refine((emails) => emails.every(isMailbox), 'must be comma-separated email addresses'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  APP_CLIENT_IDS: commaList(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  SMTP_URL: z
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    // eslint-disable-next-line no-control-regex
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'must be one line')
    .default('ReelScore <hello@reelscore.app>'),
  UNSUBSCRIBE_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .refine(
      (secret) => secretStrengthBits(secret) >= MIN_SECRET_BITS,
      'is too easy to guess (repeated or too few different characters); make one with `openssl rand -base64 48`',
    )
    .optional(),
  EMAIL_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  EMAIL_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  MAIL_RATE_PER_SECOND: z.coerce.number().min(0).max(10_000).default(10),
  MAIL_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(300),
  MAIL_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
  MAIL_WORKER: z
    .enum(['thread', 'inline'], { error: 'must be thread or inline' })
    .default('thread'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  WEBHOOK_URLS: commaList().refine(
    (urls) => urls.every(isWebhookUrl),
    'must be comma-separated http:// or https:// addresses without user names or passwords',
  ),
  WEBHOOK_SECRET: z
    .string()
    .refine(isWebhookSecret, 'must be whsec_ and the base64 of 24 to 64 random bytes')
    .optional(),
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .default('5,300,1800,7200,18000,36000,36000')
    .transform((value) => value.split(',').map((wait) => (wait.trim() ? Number(wait) : NaN)))
    .refine(
      (waits) =>
        waits.length >= 1 &&
        waits.length <= 20 &&
        waits.every((wait) => Number.isFinite(wait) && wait >= 0),
      'must be 1 to 20 comma-separated numbers of seconds',
    ),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: commaList({ lowerCase: true }).refine(
    (entries) => entries.every(isAddressOrRange),
    'must be comma-separated addresses or CIDR ranges (127.0.0.1, 10.0.0.0/8, fd12::/16)',
  ),
});
export type Env = z.infer<typeof envSchema>;

/** Production never falls back to local conveniences: real sign-in and admins must be set. */
function requireProductionSettings(env: Env, context: z.RefinementCtx) {
  if (env.NODE_ENV !== 'production') return;
  const required = [
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
    'PUBLIC_URL',
    'SMTP_URL',
    'UNSUBSCRIBE_SECRET',
  ] as const;
  for (const name of required) {
    if (!env[name])
      context.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
  }
  if (env.ADMIN_EMAILS.includes(LOCAL_ADMIN_EMAIL)) {
    context.addIssue({
      code: 'custom',
      path: ['ADMIN_EMAILS'],
      message: 'is required in production (the local admin address is not allowed)',
    });
  }
}

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 to 64 bytes. */
function isWebhookSecret(value: string): boolean {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match) return false;
  const bytes = Buffer.from(match[1]!, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

/** Deliveries to the setting's URLs are signed with the setting's secret: no URL without it. */
function requireWebhookSecret(env: Env, context: z.RefinementCtx) {
  if (env.WEBHOOK_URLS.length > 0 && !env.WEBHOOK_SECRET) {
    context.addIssue({
      code: 'custom',
      path: ['WEBHOOK_SECRET'],
      message:
        'is required with WEBHOOK_URLS; make one with `echo whsec_$(openssl rand -base64 32)`',
    });
  }
}

/** A receiver of the setting at a literal internal address needs the operator's allowance. */
function requireAllowedWebhookTargets(env: Env, context: z.RefinementCtx) {
  // Entries refused on their own are reported there.
  if (!env.WEBHOOK_ALLOW_PRIVATE_TARGETS.every(isAddressOrRange)) return;
  const allowList = addressAllowList(env.WEBHOOK_ALLOW_PRIVATE_TARGETS);
  for (const url of env.WEBHOOK_URLS.filter(isWebhookUrl)) {
    if (hostVerdict(new URL(url).hostname, allowList) !== 'refused') continue;
    context.addIssue({
      code: 'custom',
      path: ['WEBHOOK_URLS'],
      message: `${url} leads to this machine or a private network; webhooks go to public addresses only unless WEBHOOK_ALLOW_PRIVATE_TARGETS lists the address or its range`,
    });
  }
}

/**
 * Exports hold a PostgreSQL connection while they stream (decision 0033): all of them together
 * must leave connections in the pool for signups, health checks and the dashboard.
 */
function requireExportsBelowPool(env: Env, context: z.RefinementCtx) {
  if (!env.DATABASE_URL || env.EXPORTS_TOTAL < env.DATABASE_POOL_SIZE) return;
  const fewer =
    env.DATABASE_POOL_SIZE > 1
      ? `set EXPORTS_TOTAL to ${env.DATABASE_POOL_SIZE - 1} or fewer, or raise DATABASE_POOL_SIZE`
      : 'raise DATABASE_POOL_SIZE';
  context.addIssue({
    code: 'custom',
    path: ['EXPORTS_TOTAL'],
    message: `must be below DATABASE_POOL_SIZE (${env.DATABASE_POOL_SIZE}), so running exports leave connections for everything else; ${fewer}`,
  });
}

const SIGN_IN_SETTINGS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/**
 * Without all three sign-in settings the embedded provider runs, and it signs anyone in as any
 * address: it may only listen on, and be published at, this machine's loopback.
 */
function requireLoopbackForEmbeddedSignIn(env: Env, context: z.RefinementCtx) {
  const missing = SIGN_IN_SETTINGS.filter((name) => !env[name]);
  if (missing.length === 0 || env.NODE_ENV === 'production') return;
  if (missing.length < SIGN_IN_SETTINGS.length) {
    context.addIssue({
      code: 'custom',
      path: [missing[0]!],
      message: `is required with the other sign-in settings (missing: ${missing.join(', ')})`,
    });
    return;
  }
  const publicHost = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : 'localhost';
  const wrong = [
    ['HOST', env.HOST],
    ['PUBLIC_URL', publicHost],
  ].filter(([, host]) => !isLoopbackHost(host!));
  for (const [name, host] of wrong) {
    context.addIssue({
      code: 'custom',
      path: [name!],
      message: `names ${host}, but without ${SIGN_IN_SETTINGS.join(', ')} the embedded sign-in provider (any address, no password) runs, and it is allowed on loopback only (localhost, 127.x, ::1): set those settings, or a loopback ${name}`,
    });
  }
}

/** The same rule where the provider is mounted, for configurations not read from the environment. */
export function refuseEmbeddedSignInBeyondLoopback(config: AppConfig): void {
  const publicHost = new URL(config.publicUrl).hostname;
  if (isLoopbackHost(config.listenHost) && isLoopbackHost(publicHost)) return;
  throw new ConfigError(
    `The embedded sign-in provider (any address, no password) runs on loopback only, but the service listens on ${config.listenHost} and is published at ${publicHost}: set ${SIGN_IN_SETTINGS.join(', ')}, or listen and publish on localhost, 127.x or ::1`,
  );
}

export type DatabaseConfig =
  | { kind: 'sqlite'; path: string }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

/** PostgreSQL when DATABASE_URL is set, the SQLite file otherwise (tests also name a schema). */
function databaseFrom(env: Env): DatabaseConfig {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
    : { kind: 'sqlite', path: env.SQLITE_PATH };
}

/** Every address a host name resolves to. */
export type HostLookup = (hostname: string) => Promise<LookupAddress[]>;

/** The system resolver (getaddrinfo, as Node's sockets use it), every answer in its order. */
export const systemLookup: HostLookup = (hostname) =>
  dnsLookup(hostname, { all: true, order: 'verbatim' });

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; every bad variable is listed in one error. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema
    .superRefine(requireProductionSettings)
    .superRefine(requireLoopbackForEmbeddedSignIn)
    .superRefine(requireWebhookSecret)
    .superRefine(requireAllowedWebhookTargets)
    .superRefine(requireExportsBelowPool)
    .safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * The settings as the service reads them, shaped from the parsed environment. AppConfig is this
 * schema's output: each setting's type is the one of the value made here, written once.
 */
const appConfigSchema = z.transform((env: Env) => ({
  env: env.NODE_ENV,
  version: packageJson.version,
  service: 'reelscore-api',
  publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  logLevel: env.LOG_LEVEL,
  database: databaseFrom(env),
  redisUrl: env.REDIS_URL,
  signupProgram: env.SIGNUP_PROGRAM,
  /** Signups one client may send in a window, by the JSON call and the form together. */
  signupRateLimit: {
    max: env.SIGNUP_RATE_LIMIT_MAX,
    windowMs: env.SIGNUP_RATE_LIMIT_WINDOW_SECONDS * 1000,
  },
  /** App API calls one client may make in a window, counted before the ID token is checked. */
  appRateLimit: {
    max: env.APP_RATE_LIMIT_MAX,
    windowMs: env.APP_RATE_LIMIT_WINDOW_SECONDS * 1000,
  },
  /** How many CSV exports may run, and how long and how slowly each may (decision 0033). */
  exports: {
    /** Exports one person (with every session and API token of theirs) may run at once. */
    perUser: env.EXPORTS_PER_USER,
    /** Exports of everyone together; on PostgreSQL below the pool size (config.ts checks it). */
    total: env.EXPORTS_TOTAL,
    /** PostgreSQL ends an export statement that runs longer than this. */
    statementTimeoutMs: env.EXPORT_STATEMENT_TIMEOUT_SECONDS * 1000,
    /** A client that takes less than this while the service has data waiting is cut; 0: off. */
    minBytesPerSecond: env.EXPORT_MIN_BYTES_PER_SECOND,
    /** The time, counted only while data waits for the client, the rate is averaged over. */
    minRateWindowMs: env.EXPORT_MIN_RATE_WINDOW_SECONDS * 1000,
  },
  /**
   * Double opt-in: a new signup gets a mail with a link to confirm the address. Off: no mail, and
   * a signup counts as confirmed when it is made.
   */
  signupConfirmation: env.SIGNUP_CONFIRMATION,
  /** The line (decision 0040): how far each credited referral moves a person forward. */
  referrals: {
    /** Places a credited referral moves its owner forward. */
    places: env.REFERRAL_PLACES,
    /** Credited referrals that count at most (places beyond it are not given). */
    cap: env.REFERRAL_CAP,
  },
  /** At most one mail a week to a person who moved up in line (each person may turn it off). */
  movedUpMail: env.MOVED_UP_MAIL,
  /** Domains on the disposable-mail list whose addresses signup accepts all the same. */
  disposableDomainsAllowed: env.DISPOSABLE_DOMAINS_ALLOWED,
  /** Proxy addresses and ranges whose X-Forwarded-* headers count; `false`: nobody's. */
  trustProxy: env.TRUST_PROXY,
  /**
   * Host names, addresses and CIDR ranges answered besides PUBLIC_URL's host and loopback names
   * (plugins/host-check.ts); any other Host gets 421.
   */
  allowedHosts: env.ALLOWED_HOSTS,
  /** The address main.ts listens on; the embedded sign-in provider needs a loopback one. */
  listenHost: env.HOST,
  /** Limits on slow or silent clients, so none can hold a connection for long. */
  httpTimeouts: {
    /** The whole request, headers and body, must arrive within this (answered 408 otherwise). */
    requestMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    /** The request headers must arrive within this. */
    headersMs: Math.min(10_000, env.REQUEST_TIMEOUT_SECONDS * 1000),
    /** A connection with nothing sent or received for this long is closed. */
    idleMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    /** A kept-alive connection waits this long for its next request. */
    keepAliveMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
  },
  webRoot: env.WEB_ROOT,
  /** How long a database health answer is reused (see features/health/database-check.ts). */
  healthCheckMaxAgeMs: 1000,
  /** Checked on every admin call, so removing an address ends its rights at once. */
  adminEmails: new Set(env.ADMIN_EMAILS),
  /** May read what admins read (lists, counts, charts, exports, audit log) and change nothing. */
  viewerEmails: new Set(env.VIEWER_EMAILS),
  /** Google (or another issuer) in production; unset: the embedded provider, outside production. */
  oidc:
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
        }
      : undefined,
  session: {
    idleMs: env.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
  },
  /** OAuth client ids of the mobile app and extension; their ID tokens may register users. */
  appClientIds: env.APP_CLIENT_IDS,
  mail: {
    /** Real SMTP; unset: outside production, an embedded catcher on 127.0.0.1 receives the mail. */
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    /** Signs unsubscribe links; unset: outside production, a random one shared in the database. */
    unsubscribeSecret: env.UNSUBSCRIBE_SECRET,
    timeouts: { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 },
    /** Temporary failures (4xx, lost connection) are tried this many times in all. */
    retry: { attempts: 3, baseDelayMs: 200 },
    /** Sends per admin and per recipient address in each window. */
    rateLimit: {
      max: env.EMAIL_RATE_LIMIT_MAX,
      windowMs: env.EMAIL_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    /** The outbox worker of this instance (platform/mail/outbox-worker.ts). */
    outbox: {
      pollMs: 1000,
      // Longer than one round can take: three attempts at the SMTP time limits.
      leaseMs: env.MAIL_LEASE_SECONDS * 1000,
      batchSize: 20,
      concurrency: env.MAIL_CONNECTIONS,
      ratePerSecond: env.MAIL_RATE_PER_SECOND,
      // 1 min, 5 min, 30 min, 2 h, 6 h: a mail server down for an afternoon loses nothing.
      roundBackoffMs: [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000],
    } satisfies OutboxSettings,
    /** How long an admin's send waits for its outcome before it answers "queued". */
    deliveryWaitMs: 60_000,
    /**
     * Where the sender runs: a thread of its own (rendering and SMTP never take the requests'
     * time), or inline on the service's event loop.
     */
    worker: env.MAIL_WORKER,
  },
  /** Signed webhooks (features/integrations). */
  webhooks: {
    /** Receivers of every event, from WEBHOOK_URLS; the dashboard may add more. */
    urls: env.WEBHOOK_URLS,
    /** Signs the deliveries to `urls` (Standard Webhooks' `whsec_` form). */
    secret: env.WEBHOOK_SECRET,
    /** Waits before the 2nd, 3rd, ... attempt; one more attempt than waits in all. */
    retryWaitsMs: env.WEBHOOK_RETRY_SECONDS.map((seconds) => seconds * 1000),
    /** An attempt the receiver has not answered within this has failed. */
    timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
    /**
     * Addresses and CIDR ranges deliveries may reach although they are not public (a receiver on
     * this machine or the private network); empty: public addresses only.
     */
    allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    /** Resolves a receiver's host name to its addresses (DNS; tests answer from a table). */
    lookup: systemLookup,
    worker: {
      pollMs: 1000,
      // Longer than an attempt can take, so a live worker never loses one to another.
      leaseMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000 + 30_000,
      batchSize: 50,
      concurrency: 10,
      ratePerSecond: 0,
    } satisfies LeaseWorkerSettings,
  },
  /**
   * Prometheus metrics on a port of their own (plugins/metrics.ts); unset: off. Loopback by
   * default: the figures are unauthenticated, so only a scraper on this machine reads them.
   */
  metrics:
    env.METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.METRICS_PORT },
}));

/** The service's settings, as every part of it reads them (appConfigSchema makes them). */
export type AppConfig = z.output<typeof appConfigSchema> & {
  /** Where log lines go instead of stdout; never set from the environment (tests read it). */
  logDestination?: { write(line: string): void };
};
export type ExportLimits = AppConfig['exports'];
export type HttpTimeouts = AppConfig['httpTimeouts'];
export type MailConfig = AppConfig['mail'];
export type WebhookConfig = AppConfig['webhooks'];

/** The settings as the service reads them, from the environment parseEnv has checked. */
export function configFromEnv(env: Env): AppConfig {
  return appConfigSchema.parse(env);
}
