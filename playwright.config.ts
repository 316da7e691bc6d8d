import { defineConfig, devices } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  E2E_BUILD_DIR,
  E2E_ORIGIN,
  E2E_PORT,
  E2E_DEPLOYMENT_SETTINGS,
} from './e2e/support/environment.ts';

/**
 * Browser journeys against the real server, the real web build and a real SQLite database,
 * in Debian's Chromium. `npm run test:e2e` builds the site into build/e2e first.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Long journeys took up to twice as long on one day of the same machine kind as on another.
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_ORIGIN,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node e2e/support/serve.ts',
    url: `${E2E_ORIGIN}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      PUBLIC_URL: E2E_ORIGIN,
      WEB_ROOT: `${E2E_BUILD_DIR}/client`,
      LOG_LEVEL: 'warn',
      ...E2E_DEPLOYMENT_SETTINGS,
    },
  },
});
