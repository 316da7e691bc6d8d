import { configFromEnv, parseEnv, type AppConfig, type HostLookup } from '../config.ts';
import { isLocalhostName } from '../lib/public-address.ts';

/**
 * A resolver that never asks DNS, for tests: `localhost` names are loopback (RFC 6761), every
 * other name is unknown. A test that needs a name resolved gives its own table.
 */
export const offlineLookup: HostLookup = (hostname) =>
  isLocalhostName(hostname)
    ? Promise.resolve([
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ])
    : Promise.reject(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
      );

/** A configuration for tests and tools: local defaults with the given overrides. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = configFromEnv(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  return {
    ...base,
    healthCheckMaxAgeMs: 0,
    webhooks: { ...base.webhooks, lookup: offlineLookup },
    ...overrides,
  };
}
