import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * `npm start` on a fresh clone serves the real site: build it once if there is no build yet.
 * (Deployments build explicitly with `npm run build`.)
 */
if (!existsSync('build/client/index.html')) {
  console.log('No web build found; building the site once (npm run build)...');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
