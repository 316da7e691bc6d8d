import type { FastifyInstance } from 'fastify';
import { DELIVERY_NOT_SENT_REASON } from '../../../contract/webhooks.ts';
import type { AppConfig } from '../../config.ts';
import { nextRoundAt, startLeaseWorker } from '../../platform/queue/lease-worker.ts';
import {
  finishLeasedDelivery,
  leaseDueDeliveries,
  releaseLeasedDeliveries,
  syncSettingEndpoints,
  type DeliveryOutcome,
  type LeasedDelivery,
} from './webhook-repository.ts';
import { webhookRoutes } from './webhook-routes.ts';
import { attemptDelivery } from './webhook-sender.ts';
import { webhookTargets } from './webhook-targets.ts';

/**
 * Signed webhooks: the endpoints of the WEBHOOK_URLS setting are brought in step, a worker in
 * this instance sends queued deliveries, and admins manage endpoints from the dashboard.
 */
export async function registerWebhooks(app: FastifyInstance, config: AppConfig) {
  const db = app.database.db;
  const settings = config.webhooks;
  const targets = webhookTargets(settings);
  await syncSettingEndpoints(db, settings.urls, settings.secret);
  const worker = startLeaseWorker<LeasedDelivery, DeliveryOutcome>({
    kind: 'webhook',
    log: app.log,
    settings: settings.worker,
    queue: {
      lease: (id, options) => leaseDueDeliveries(db, id, options),
      finish: (id, items) =>
        db.transaction().execute(async (trx) => {
          const kept: boolean[] = [];
          for (const item of items) {
            kept.push(await finishLeasedDelivery(trx, item.id, id, item.result));
          }
          return kept;
        }),
      release: (id, ids) => releaseLeasedDeliveries(db, ids, id),
    },
    handle: (delivery) => attemptDelivery(delivery, settings, targets),
    // A fault of ours (a lost database): the attempt counts, and the schedule goes on; the log
    // has the error.
    failed: (delivery) => ({
      status: delivery.attempts <= settings.retryWaitsMs.length ? 'retry' : 'dead',
      error: DELIVERY_NOT_SENT_REASON,
      nextAttemptAt: nextRoundAt(settings.retryWaitsMs, delivery.attempts),
      at: new Date(),
    }),
    describe: (delivery, outcome) => ({
      event: delivery.event_type,
      endpoint: delivery.endpoint_id,
      attempt: delivery.attempts,
      status: outcome.status,
      httpStatus: outcome.httpStatus,
      reason: outcome.error,
      detail: outcome.detail,
    }),
  });
  // Before the database closes: attempts in flight finish and their outcome is recorded.
  app.addHook('preClose', () => worker.stop(settings.timeoutMs + 1000));
  webhookRoutes(app, config, targets, () => worker.nudge());
}
