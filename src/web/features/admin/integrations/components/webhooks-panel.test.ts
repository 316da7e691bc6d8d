import { describe, expect, it, vi } from 'vitest';
import type { WebhookEndpoint } from '../../../../../contract/webhooks.ts';

// Vite replaces __SITE_URL__ at build time; here it is a plain global, set before the imports run.
vi.hoisted(() => {
  vi.stubGlobal('__SITE_URL__', 'https://reelscore.test');
});

import { lastAttemptText } from './webhooks-panel.tsx';

function failed(error: string | null, httpStatus: number | null = null): WebhookEndpoint['last'] {
  return {
    deliveryId: 'msg_1',
    eventType: 'signup.created',
    status: 'dead',
    httpStatus,
    error,
    at: '2026-03-01T10:00:00.000Z',
  };
}

describe('the last attempt of a webhook endpoint', () => {
  it('says why it failed in the coarse words the server records', () => {
    for (const reason of ['refused: private address', 'unreachable', 'timed out', 'HTTP 302']) {
      expect(lastAttemptText(failed(reason))).toMatch(new RegExp(`: ${reason}$`));
    }
  });

  it("never shows a socket's error text, which tells closed ports from open ones", () => {
    for (const recorded of [
      'No answer: ECONNREFUSED.',
      'No answer: ECONNRESET.',
      'connect ECONNREFUSED 10.0.0.7:6379',
      'No answer: UND_ERR_SOCKET.',
      'No answer: fetch failed.',
    ]) {
      const text = lastAttemptText(failed(recorded));
      expect(text, recorded).toMatch(/: unreachable$/);
      expect(text).not.toMatch(/ECONN|UND_ERR|fetch|\d+\.\d+\.\d+\.\d+/);
    }
    expect(lastAttemptText(failed('No answer: timed out.'))).toMatch(/: timed out$/);
    expect(lastAttemptText(failed('The receiver answered 503.', 503))).toMatch(/: HTTP 503$/);
  });
});
