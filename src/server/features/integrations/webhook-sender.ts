import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import {
  DELIVERY_REFUSED_REASON,
  DELIVERY_REMOVED_REASON,
  DELIVERY_TIMED_OUT_REASON,
  DELIVERY_UNREACHABLE_REASON,
  httpReason,
} from '../../../contract/webhooks.ts';
import type { WebhookConfig } from '../../config.ts';
import { nextRoundAt } from '../../platform/queue/lease-worker.ts';
import type { DeliveryOutcome, LeasedDelivery } from './webhook-repository.ts';
import { RefusedTargetError, type WebhookTargets } from './webhook-targets.ts';

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

/** The status of one POST, or why there was none; redirects are not followed. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  targets: WebhookTargets,
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const literal = targets.refusedLiteral(url.hostname);
    if (literal !== undefined) {
      reject(new RefusedTargetError(url.hostname, [literal]));
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // A connection of its own, made through the guarded lookup (no proxy, no reuse).
        agent: false,
        lookup: targets.lookup,
        signal,
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The coarse reason an attempt got no answer, and the detail the log keeps. */
function noAnswer(failure: unknown, signal: AbortSignal): { error: string; detail: string } {
  const detail =
    failure instanceof RefusedTargetError
      ? failure.message
      : String((failure as { code?: unknown } | undefined)?.code ?? failure);
  if (failure instanceof RefusedTargetError) return { error: DELIVERY_REFUSED_REASON, detail };
  if (signal.aborted) return { error: DELIVERY_TIMED_OUT_REASON, detail: 'timed out' };
  return { error: DELIVERY_UNREACHABLE_REASON, detail };
}

/**
 * One attempt: POSTs the delivery's body, signed for this attempt's time (Standard Webhooks:
 * HMAC-SHA256 over `id.timestamp.body`), to its endpoint, connecting only where `targets`
 * allows. A 2xx answer delivers it; anything else (another status, a redirect, no answer in
 * time, a refused address) is tried again on the schedule until the attempts run out. What is
 * recorded says why in a few words (deliveryReason), never a socket's error text.
 */
export async function attemptDelivery(
  delivery: LeasedDelivery,
  config: Pick<WebhookConfig, 'retryWaitsMs' | 'timeoutMs'>,
  targets: WebhookTargets,
  now = () => new Date(),
): Promise<DeliveryOutcome> {
  if (delivery.disabled || delivery.url === null || delivery.secret === null) {
    return { status: 'dead', error: DELIVERY_REMOVED_REASON, at: now() };
  }
  const at = now();
  const signal = AbortSignal.timeout(config.timeoutMs);
  let httpStatus: number | undefined;
  let error: string;
  let detail: string | undefined;
  try {
    httpStatus = await post(
      new URL(delivery.url),
      {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        ...signedHeaders(delivery.secret, delivery.id, delivery.payload, at),
      },
      delivery.payload,
      targets,
      signal,
    );
    if (httpStatus >= 200 && httpStatus < 300) {
      return { status: 'delivered', httpStatus, at: now() };
    }
    // A redirect too: the signature was made for this endpoint, and the next one is unchecked.
    error = httpReason(httpStatus);
  } catch (failure) {
    ({ error, detail } = noAnswer(failure, signal));
  }
  const finished = now();
  const failed = {
    ...(httpStatus === undefined ? {} : { httpStatus }),
    error,
    ...(detail === undefined ? {} : { detail }),
    at: finished,
  };
  // One attempt more than there are waits between attempts.
  return delivery.attempts <= config.retryWaitsMs.length
    ? {
        status: 'retry',
        ...failed,
        nextAttemptAt: nextRoundAt(config.retryWaitsMs, delivery.attempts, finished),
      }
    : { status: 'dead', ...failed };
}
