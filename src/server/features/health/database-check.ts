/**
 * Monitors and load balancers may ask for health many times a second. Concurrent checks share
 * one database round trip, and an answer is reused for `maxAgeMs`, so a burst of health checks
 * cannot load the database.
 */
export function sharedCheck(check: () => Promise<boolean>, maxAgeMs: number) {
  let inFlight: Promise<boolean> | undefined;
  let last: { value: boolean; at: number } | undefined;

  /** The last answer while it is younger than `maxAgeMs`; undefined when a check is due. */
  const fresh = (): boolean | undefined =>
    last && performance.now() - last.at < maxAgeMs ? last.value : undefined;

  const run = (): Promise<boolean> => {
    const known = fresh();
    if (known !== undefined) return Promise.resolve(known);
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
  return Object.assign(run, { fresh });
}
