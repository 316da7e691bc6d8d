import { isMainThread } from 'node:worker_threads';

/**
 * Loaded into the service under test with `--import`. The crash runner holds the other end of
 * the service's stdin, so when the runner ends for any reason, even `kill -9`, the pipe closes
 * and the service follows instead of living on as an orphan. Nothing else of the service changes.
 * Threads the service starts load this too: their stdin is not the runner's pipe, so they leave
 * it alone (the process ends with its main thread).
 */
if (isMainThread) {
  process.stdin.on('end', () => process.exit(1));
  process.stdin.on('error', () => process.exit(1));
  process.stdin.resume();
}
