import { testConfig, type MailConfig } from '../../config.ts';
import type { TestDatabaseKind } from '../../test/databases.ts';
import { startTestApp } from '../../test/test-app.ts';

/** Short waits and quick retries, so fault tests take a second, not a minute. */
export function testMailConfig(overrides: Partial<MailConfig> = {}): MailConfig {
  return {
    ...testConfig().mail,
    timeouts: { connectionMs: 500, greetingMs: 500, socketMs: 500 },
    retry: { attempts: 3, baseDelayMs: 20 },
    rateLimit: { max: 1000, windowMs: 60_000 },
    ...overrides,
  };
}

/** The app sending through `smtpUrl` (a test server), or through the local catcher when unset. */
export function startEmailTestApp(kind: TestDatabaseKind, mail: Partial<MailConfig> = {}) {
  return startTestApp(kind, {
    publicUrl: 'https://reelscore.test',
    mail: testMailConfig(mail),
  });
}
