import { execFileSync } from 'node:child_process';
import { E2E_BUILD_DIR, E2E_MEASUREMENT_ID } from './environment.ts';

/** Builds the site for the browser tests, with analytics on so consent can be tested. */
execFileSync('npx', ['react-router', 'build'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    WEB_BUILD_DIR: E2E_BUILD_DIR,
    VITE_ANALYTICS_ENABLED: 'true',
    VITE_GA_MEASUREMENT_ID: E2E_MEASUREMENT_ID,
  },
});
for (const step of ['scripts/strip-module-preloads.ts', 'scripts/compress-build.ts']) {
  execFileSync(process.execPath, [step, `${E2E_BUILD_DIR}/client`], { stdio: 'inherit' });
}
