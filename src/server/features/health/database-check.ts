/**
 * Monitors and load balancers may ask for health many times a second. Concurrent checks share
 * one database round trip, and an answer is reused for `maxAgeMs`, so a burst of health checks
 * cannot load the database.
 */
export function sharedCheck(check: () => Promise<boolean>, maxAgeMs: number) {
  let inFlight: Promise<boolean> | undefined;
  let last: { value: boolean; at: number } | undefined;

  return function run(): Promise<boolean> {
    if (last && performance.now() - last.at < maxAgeMs) return Promise.resolve(last.value);
    inFlight ??= check()
      .then((value) => {
        last = { value, at: performance.now() };
        return value;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}
