/** What the invite waves' parts share: how a wave and a number of people read, and the buttons. */
import type { Wave } from '../../../../../contract/waves.ts';

export const primary =
  'rounded-full bg-gold-400 px-4 py-2 text-sm font-semibold text-ink-950 transition hover:bg-gold-300 disabled:cursor-not-allowed disabled:opacity-50';
export const secondary =
  'rounded-full border border-ink-600 px-4 py-2 text-sm font-medium text-ink-100 transition hover:border-gold-400 disabled:cursor-not-allowed disabled:opacity-50';

export const KIND_NAMES: Record<Wave['kind'], string> = {
  invite: 'Invite wave',
  reminder: 'Reminder wave',
  bulk: 'Selected rows',
};

export function people(count: number) {
  return `${count.toLocaleString()} ${count === 1 ? 'person' : 'people'}`;
}
