import { execFileSync } from 'node:child_process';
import { buildNeeded } from './web-build-fingerprint.ts';

/**
 * `npm start` serves the site as its sources are now: build it on a fresh clone, and again
 * when the sources changed since the last build (after a `git pull`, say). A WEB_ROOT of one's
 * own is served as it is. (Deployments build explicitly with `npm run build`.)
 */
const reason = process.env.WEB_ROOT ? null : buildNeeded(process.cwd());
if (reason) {
  console.log(`${reason}; building the site (npm run build)...`);
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
