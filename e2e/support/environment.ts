import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nothing listens on now, found synchronously (a config file cannot wait). */
function freePort(): string {
  const script = `const s = require('net').createServer().listen(0, '127.0.0.1', () => {
    process.stdout.write(String(s.address().port)); s.close(); })`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

/**
 * One place for what the browser tests and the server they start agree on. The port is E2E_PORT,
 * or a free one chosen once by the runner: written back to the environment, it reaches the
 * workers, which load this file again.
 */
export const E2E_PORT = Number((process.env.E2E_PORT ??= freePort()));
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_BUILD_DIR = process.env.E2E_BUILD_DIR ?? 'build/e2e';
export const E2E_SQLITE_PATH = join(tmpdir(), `reelscore-e2e-${E2E_PORT}.db`);

/**
 * What every instance of the journeys' deployment (the main server, and the second instances
 * some journeys start on its database) is set to alike: instances on one database share its
 * queues, so any of them may deliver a webhook or a mail the others queued.
 */
export const E2E_DEPLOYMENT_SETTINGS = {
  SQLITE_PATH: E2E_SQLITE_PATH,
  // Journeys sign up many times from one address; the limiter has its own tests.
  SIGNUP_RATE_LIMIT_MAX: '100000',
  // Journeys send many invitations as one admin; the send limits have their own tests.
  EMAIL_RATE_LIMIT_MAX: '100000',
  // The webhook journey's receiver listens on this machine.
  WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1',
};
/** A made-up GA4 id: the analytics tests intercept every request to Google. */
export const E2E_MEASUREMENT_ID = 'G-E2ETEST001';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
