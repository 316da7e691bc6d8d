import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, LOCAL_ADMIN_EMAIL, parseEnv } from './config.ts';

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
