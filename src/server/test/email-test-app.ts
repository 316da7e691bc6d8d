import { type MailConfig } from '../config.ts';
import { testConfig } from './test-config.ts';
import type { TestDatabaseKind } from './databases.ts';
import { adminHeaders } from './admin-session.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.ts';

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
    // A public address needs real sign-in settings (the embedded provider is loopback-only);
    // the issuer is only contacted at sign-in, which these tests never do.
    oidc: { issuer: 'https://issuer.reelscore.test', clientId: 'web', clientSecret: 'secret' },
    mail: testMailConfig(mail),
  });
}

export interface MailTestSetup {
  smtp: TestSmtpServer;
  testApp: TestApp;
  /** A session of the first admin, as a same-origin browser sends it. */
  headers: Record<string, string>;
  close(): Promise<void>;
}

/** A real SMTP test server, the app sending to it, and `admins` as the allow-list. */
export async function startMailTestSetup(
  kind: TestDatabaseKind,
  admins: string[],
  mail: Partial<MailConfig> = {},
): Promise<MailTestSetup> {
  const smtp = await startTestSmtpServer();
  const testApp = await startEmailTestApp(kind, { smtpUrl: smtp.url, ...mail });
  testApp.app.config.adminEmails = new Set(admins);
  const { headers } = await adminHeaders(testApp.app, admins[0] ?? '');
  return {
    smtp,
    testApp,
    headers,
    async close() {
      await testApp.close();
      await smtp.close();
    },
  };
}
