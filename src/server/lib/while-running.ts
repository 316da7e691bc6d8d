import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `everyMs` while the app runs, one run at a time (a round that finds the last
 * one still running is skipped); a failed run is logged as `failure` and tried again at the next
 * round. The app's close waits for a run in progress.
 */
export function everyWhileRunning(
  app: FastifyInstance,
  everyMs: number,
  failure: string,
  work: () => Promise<unknown>,
) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .catch((error: unknown) => app.log.warn({ err: error }, failure))
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
