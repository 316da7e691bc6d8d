/**
 * Loaded into the service under test with `--import`. The crash runner holds the other end of
 * the service's stdin, so when the runner ends for any reason, even `kill -9`, the pipe closes
 * and the service follows instead of living on as an orphan. Nothing else of the service changes.
 */
process.stdin.on('end', () => process.exit(1));
process.stdin.on('error', () => process.exit(1));
process.stdin.resume();
