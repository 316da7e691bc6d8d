/** How the funnel's stages and shares read, in the panel and its charts alike. */
import type { FunnelResponse } from '../../../../../contract/waves.ts';

export const STAGE_NAMES: Record<FunnelResponse['stages'][number]['stage'], string> = {
  signedUp: 'Signed up',
  confirmed: 'Confirmed',
  invited: 'Invited',
  registered: 'Registered',
};

export function percentText(share: number | null): string {
  return share === null ? '–' : `${(share * 100).toFixed(share >= 0.1 || share === 0 ? 0 : 1)}%`;
}
