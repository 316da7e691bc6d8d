export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Group commit: writes that arrive while one commit is in flight, or in the same turn of the
 * event loop, share the next commit; each caller is answered only after its own commit.
 * `commit` gets the waiting items (at most `maxBatch`) and returns one outcome per item.
 */
export function groupCommit<T, R>(
  commit: (items: T[]) => Promise<Outcome<R>[]>,
  { maxBatch = 200 }: { maxBatch?: number } = {},
): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (value: R) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  async function drain() {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
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
    running = false;
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) {
        running = true;
        setImmediate(() => void drain());
      }
    });
}
