/**
 * Why an invite wave has nobody to mail: how many people of its selection confirmed their
 * address, and how many of those are not on the whitelist. Two counts from GET
 * /api/admin/signups (one row each, the total is what is read), asked only when a preview
 * found nobody, so the preview can say what is true and what to do next.
 */
import { skipToken, useQuery } from '@tanstack/react-query';
import type { SignupsResponse } from '../../../../../contract/admin.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const WAVE_POOL_KEY = 'wave-pool';
const FAILED_MESSAGE = 'Failed to count the confirmed people';

/** The narrowing of an invite wave: a programme type and a signup form, each optional. */
export interface WaveSelection {
  type?: string | undefined;
  source?: string | undefined;
}

export interface WavePool {
  /** People of the selection who confirmed their address. */
  confirmed: number;
  /** Of those, how many are not on the whitelist. */
  notListed: number;
}

function countSignups(query: Record<string, string | undefined>, signal?: AbortSignal) {
  return adminRequest<SignupsResponse>('/admin/signups', {
    query: { limit: 1, offset: 0, confirmation: 'confirmed', ...query },
    signal,
    label: 'admin_wave_pool',
    fallbackMessage: FAILED_MESSAGE,
  }).then((answer) => answer.pagination.total);
}

export async function getWavePool(
  { type, source }: WaveSelection,
  signal?: AbortSignal,
): Promise<WavePool> {
  const [confirmed, notListed] = await Promise.all([
    countSignups({ type, source }, signal),
    countSignups({ type, source, whitelisted: 'false' }, signal),
  ]);
  return { confirmed, notListed };
}

/** Counts while `selection` is set (a preview that found nobody to invite). */
export function useWavePool(selection: WaveSelection | null) {
  return useQuery({
    queryKey: [WAVE_POOL_KEY, selection],
    queryFn: selection ? ({ signal }) => getWavePool(selection, signal) : skipToken,
  });
}
