export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Group commit: writes that arrive while a commit is in flight, or in the same turn of the
 * event loop, share the next commit; each caller is answered only after its own commit.
 * `commit` gets the waiting items (at most `maxBatch`) and returns one outcome per item.
 * `concurrency` commits may be in flight at once: 1 for a single-writer database (SQLite),
 * more where the server commits transactions in parallel (PostgreSQL).
 */
export function groupCommit<T, R>(
  commit: (items: T[]) => Promise<Outcome<R>[]>,
  { maxBatch = 200, concurrency = 1 }: { maxBatch?: number; concurrency?: number } = {},
): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (value: R) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

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

  function pump() {
    scheduled = false;
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
      // The first write waits for the rest of this event-loop turn, so they commit together.
      if (!scheduled && inFlight < concurrency) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}
