import { Webhook } from 'standardwebhooks';
import type { WebhookConfig } from '../../config.ts';
import { nextRoundAt } from '../../lib/lease-worker.ts';
import type { DeliveryOutcome, LeasedDelivery } from './webhook-repository.ts';

export const WEBHOOK_USER_AGENT = 'ReelScore-Webhooks/1';

/** The headers Standard Webhooks defines: the id, the attempt's time, the signature. */
export function signedHeaders(
  secret: string,
  id: string,
  payload: string,
  at: Date,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, payload),
  };
}

function causeOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out';
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * One attempt: POSTs the delivery's body, signed for this attempt's time (Standard Webhooks:
 * HMAC-SHA256 over `id.timestamp.body`), to its endpoint. A 2xx answer delivers it; anything
 * else (another status, a redirect, no answer in time) is tried again on the schedule until the
 * attempts run out.
 */
export async function attemptDelivery(
  delivery: LeasedDelivery,
  config: WebhookConfig,
  now = () => new Date(),
): Promise<DeliveryOutcome> {
  if (delivery.disabled || delivery.url === null || delivery.secret === null) {
    return { status: 'dead', error: 'The endpoint was removed.', at: now() };
  }
  const at = now();
  let httpStatus: number | undefined;
  let error: string | undefined;
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        ...signedHeaders(delivery.secret, delivery.id, delivery.payload, at),
      },
      body: delivery.payload,
      // A redirect is not followed: the signature was made for this endpoint.
      redirect: 'manual',
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    httpStatus = response.status;
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) {
      return { status: 'delivered', httpStatus, at: now() };
    }
    error = `The receiver answered ${response.status}.`;
  } catch (failure) {
    error = `No answer: ${causeOf(failure)}.`;
  }
  const finished = now();
  // One attempt more than there are waits between attempts.
  const again = delivery.attempts <= config.retryWaitsMs.length;
  return again
    ? {
        status: 'retry',
        ...(httpStatus === undefined ? {} : { httpStatus }),
        error,
        nextAttemptAt: nextRoundAt(config.retryWaitsMs, delivery.attempts, finished),
        at: finished,
      }
    : { status: 'dead', ...(httpStatus === undefined ? {} : { httpStatus }), error, at: finished };
}
