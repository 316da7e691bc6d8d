import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ConfigError, type AppConfig } from '../../config.ts';
import { testConfig } from '../../test/test-config.ts';
import { testDatabaseKinds, type TestDatabase } from '../../test/databases.ts';

const [sqlite] = await testDatabaseKinds();
let databases: TestDatabase[] = [];

afterEach(async () => {
  await Promise.all(databases.map((database) => database.drop()));
  databases = [];
});

/** Builds the app without sign-in settings (the embedded provider) and closes it if it starts. */
async function build(overrides: Partial<AppConfig>): Promise<void> {
  const database = await sqlite!.create();
  databases.push(database);
  const app = await buildApp(
    testConfig({ database: database.config, webRoot: '/nonexistent', ...overrides }),
  );
  await app.close();
}

describe('the embedded sign-in provider, where the app is built', () => {
  it('starts on loopback listen addresses and public URLs', async () => {
    for (const overrides of [
      {},
      { listenHost: '127.0.0.1', publicUrl: 'http://127.0.0.1:4000' },
      { listenHost: '::1', publicUrl: 'http://[::1]:4000' },
      { listenHost: 'localhost', publicUrl: 'http://localhost:3000' },
    ]) {
      await expect(build(overrides), JSON.stringify(overrides)).resolves.toBeUndefined();
    }
  });

  it('refuses to start listening beyond loopback or published at a public address', async () => {
    for (const overrides of [
      { listenHost: '0.0.0.0' },
      { listenHost: '::' },
      { publicUrl: 'https://reelscore.app' },
    ]) {
      const started = build(overrides);
      await expect(started).rejects.toThrow(ConfigError);
      await expect(started).rejects.toThrow(
        /runs on loopback only.*set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/,
      );
    }
  });

  it('is not needed, so not refused, when real sign-in settings are given', async () => {
    await expect(
      build({
        listenHost: '0.0.0.0',
        publicUrl: 'https://reelscore.app',
        oidc: { issuer: 'https://accounts.google.com', clientId: 'web', clientSecret: 'secret' },
      }),
    ).resolves.toBeUndefined();
  });
});
