declare module 'fastify' {
  interface FastifyInstance {
    /** The places of running exports (features/lists/export-routes.ts). */
    exportSlots: ExportSlots;
  }
}

/** How many CSV exports may run, and how long and how slowly each may (decision 0033). */
export interface ExportLimits {
  /** Exports one person (with every session and API token of theirs) may run at once. */
  perUser: number;
  /** Exports of everyone together; on PostgreSQL below the pool size (config.ts checks it). */
  total: number;
  /** PostgreSQL ends an export statement that runs longer than this. */
  statementTimeoutMs: number;
  /** A client that takes less than this while the service has data waiting is cut; 0: off. */
  minBytesPerSecond: number;
  /** The time, counted only while data waits for the client, the rate is averaged over. */
  minRateWindowMs: number;
}

/** Gives back an export's place; only the first call counts. */
export type ReleaseSlot = () => void;

/** Why no export may start now, and when to try again. */
export interface ExportRefusal {
  message: string;
  retryAfterSeconds: number;
}

export interface ExportSlots {
  /** A place for one more export of `person`, or the refusal. */
  take(person: string): ReleaseSlot | ExportRefusal;
  /** Exports running now. */
  running(): number;
}

/**
 * Counts the exports running in this instance, per person and in all. A slot is taken before
 * an export touches the database and given back when its response has ended, failed or been
 * closed. Retry-After names the rate window: an export held by a client that has stopped
 * reading is cut within about that long.
 */
export function exportSlots(
  limits: Pick<ExportLimits, 'perUser' | 'total' | 'minRateWindowMs'>,
): ExportSlots {
  const byPerson = new Map<string, number>();
  let total = 0;
  const retryAfterSeconds = Math.max(1, Math.ceil(limits.minRateWindowMs / 1000));
  return {
    take(person) {
      const mine = byPerson.get(person) ?? 0;
      if (mine >= limits.perUser) {
        return {
          message: `You already have ${mine} exports running. Please try again in ${retryAfterSeconds} seconds.`,
          retryAfterSeconds,
        };
      }
      if (total >= limits.total) {
        return {
          message: `Too many exports are running. Please try again in ${retryAfterSeconds} seconds.`,
          retryAfterSeconds,
        };
      }
      byPerson.set(person, mine + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byPerson.get(person) ?? 1) - 1;
        if (left > 0) byPerson.set(person, left);
        else byPerson.delete(person);
      };
    },
    running: () => total,
  };
}
