import type { ExportLimits } from '../../config.ts';

export type { ExportLimits };

declare module 'fastify' {
  interface FastifyInstance {
    /** The places of running exports (features/lists/export-routes.ts). */
    exportSlots: ExportSlots;
  }
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
