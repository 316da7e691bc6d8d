export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Group commit: writes that arrive while a commit is in flight, or in the same turn of the
 * event loop, share the next commit; each caller is answered only after its own commit.
 * `commit` gets the waiting items (at most `maxBatch`) and returns one outcome per item.
 * `concurrency` commits may be in flight at once: 1 for a single-writer database (SQLite),
 * more where the server commits transactions in parallel (PostgreSQL).
 *
 * `settleTurns`: while no commit is in flight, a batch waits up to that many more turns of the
 * event loop as long as each turn brought more writes (requests read in that turn's poll), then
 * commits. A commit costs much the same for 30 items as for 50, so under load fewer, larger
 * commits leave the loop more time for the requests; a lone write waits one turn at most.
 */
export function groupCommit<T, R>(
  commit: (items: T[]) => Promise<Outcome<R>[]>,
  {
    maxBatch = 200,
    concurrency = 1,
    settleTurns = 0,
  }: { maxBatch?: number; concurrency?: number; settleTurns?: number } = {},
): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (value: R) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;
  /** Turns the next batch has waited, and the queue's length at the last of them. */
  let settled = 0;
  let seen = 0;

  async function run(batch: Waiting[]) {
    let outcomes: Outcome<R>[];
    try {
      outcomes = await commit(batch.map((waiting) => waiting.item));
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index] ?? { ok: false, error: new Error('no outcome for item') };
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }

  function settle() {
    if (inFlight === 0 && settled < settleTurns && queue.length > seen && queue.length < maxBatch) {
      settled += 1;
      seen = queue.length;
      setImmediate(settle);
      return;
    }
    scheduled = false;
    settled = 0;
    seen = 0;
    pump();
  }

  function pump() {
    while (inFlight < concurrency && queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // The first write waits for the rest of this event-loop turn, so they commit together
      // (with `settleTurns`, also for the turns after it that bring more).
      if (!scheduled && inFlight < concurrency) {
        scheduled = true;
        setImmediate(settle);
      }
    });
}
