import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorSchema } from '../../../contract/errors.ts';
import {
  MAX_RETRY_IDS,
  outboxQuerySchema,
  outboxResponseSchema,
  retryOutboxRequestSchema,
  retryOutboxResponseSchema,
  type OutboxMail,
  type OutboxStatus,
  type RetryOutboxRequest,
} from '../../../contract/outbox.ts';
import { isPostgres } from '../../db/column-types.ts';
import { toDate, type Database } from '../../db/schema.ts';
import { maskEmail } from '../../lib/mask.ts';
import { recordAudit } from '../../platform/audit/audit-repository.ts';
import {
  adminErrorResponses,
  currentAdmin,
  noStore,
  orUnavailable,
} from '../../platform/http/admin-request.ts';
import type { MailService } from '../../platform/mail/mail-service.ts';
import {
  outboxCounts,
  retryDeadMail,
  type OutboxRow,
} from '../../platform/mail/outbox-repository.ts';
import { findTemplate } from '../../platform/mail/templates/template-registry.ts';

export const OUTBOX_UNAVAILABLE_MESSAGE =
  "We couldn't load the mail queue right now. Please try again in a moment.";
export const RETRY_UNAVAILABLE_MESSAGE =
  "We couldn't retry the mail right now. Nothing was changed; please try again in a moment.";

/** 500 ids as JSON take about 20 KB, past the 16 KiB every other JSON route reads. */
const RETRY_BODY_LIMIT = 32 * 1024;

function toMail(row: OutboxRow): OutboxMail {
  const waiting = row.status === 'queued' || row.status === 'sending';
  return {
    id: row.id,
    to: row.to_address,
    template: row.template,
    templateName: findTemplate(row.template)?.name ?? row.template,
    status: row.status,
    attempts: row.attempts,
    rounds: row.rounds,
    failureMessage: row.failure_message,
    lastError: row.last_error,
    createdAt: toDate(row.created_at).toISOString(),
    finishedAt: row.finished_at === null ? null : toDate(row.finished_at).toISOString(),
    nextAttemptAt: waiting ? toDate(row.next_attempt_at).toISOString() : null,
    requestedBy: row.requested_by,
  };
}

/** One page of the messages in `status`, newest first (then by id, for a stable order). */
function listOutboxMail(
  db: Kysely<Database>,
  { status, limit, offset }: { status: OutboxStatus; limit: number; offset: number },
): Promise<OutboxRow[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', status)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Puts dead messages back in the queue and writes one audit entry per message, in one
 * transaction: neither exists without the other. `allDead` goes in batches, as an unbounded
 * `in (...)` list would pass the databases' parameter limits. On PostgreSQL the rows are locked
 * as they are read, so two admins retrying at once audit each message once.
 */
async function retryDeadMailAudited(
  db: Kysely<Database>,
  target: RetryOutboxRequest,
  actor: string,
  now = new Date(),
): Promise<number> {
  const { ids } = target;
  return db.transaction().execute(async (trx) => {
    let retried = 0;
    for (;;) {
      const dead = trx
        .selectFrom('mail_outbox')
        .select(['id', 'to_address'])
        .where('status', '=', 'dead')
        .$if(ids !== undefined, (query) => query.where('id', 'in', ids!))
        .orderBy('id')
        .limit(MAX_RETRY_IDS);
      const rows = await (isPostgres(db) ? dead.forUpdate() : dead).execute();
      if (rows.length === 0) break;
      retried += await retryDeadMail(
        trx,
        rows.map((row) => row.id),
        now,
      );
      for (const row of rows) {
        await recordAudit(trx, { at: now, actor, action: 'mail.retry', target: row.to_address });
      }
      if (ids) break;
    }
    return retried;
  });
}

/** The dashboard's view of the mail outbox: counts, the messages of a state, and retries. */
export function outboxRoutes(app: FastifyInstance, mailer: MailService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/outbox',
    {
      // Viewers may watch the queue; only admins retry.
      config: { access: 'viewer' },
      schema: {
        operationId: 'listOutboxMail',
        summary: 'Show the mail queue: counts per state and the messages of one state',
        description:
          'Newest first (then by id); dead messages unless `status` says otherwise. ' +
          '`pagination.total` is the count of the listed state.',
        tags: ['admin'],
        querystring: outboxQuerySchema,
        response: {
          200: outboxResponseSchema.describe('The counts and one page of the messages.'),
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { status, limit, offset } = request.query;
      const db = app.database.db;
      const { counts, rows } = await orUnavailable(OUTBOX_UNAVAILABLE_MESSAGE, async () => ({
        counts: await outboxCounts(db),
        rows: await listOutboxMail(db, request.query),
      }));
      noStore(reply);
      return {
        counts,
        messages: rows.map(toMail),
        pagination: { total: counts[status], limit, offset },
      };
    },
  );

  routes.post(
    '/api/admin/outbox/retry',
    {
      config: { access: 'admin' },
      bodyLimit: RETRY_BODY_LIMIT,
      schema: {
        operationId: 'retryOutboxMail',
        summary: 'Send dead mail again',
        description:
          'Puts the named dead messages (or every dead message) back in the queue, to be ' +
          'tried from their first attempt again; messages in any other state are left as ' +
          'they are. Each retried message is written to the audit log in the same transaction.',
        tags: ['admin'],
        body: retryOutboxRequestSchema,
        response: {
          200: retryOutboxResponseSchema.describe('How many messages went back in the queue.'),
          ...adminErrorResponses,
          413: adminErrorSchema.describe('The body is larger than 32 KiB.'),
          415: adminErrorSchema.describe('The body must be JSON.'),
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const retried = await orUnavailable(RETRY_UNAVAILABLE_MESSAGE, () =>
        retryDeadMailAudited(app.database.db, request.body, actor),
      );
      // Delivered now by this instance's worker, not at its next poll.
      if (retried > 0) mailer.nudge();
      request.log.info({ actor: maskEmail(actor), retried }, 'mail outbox: dead mail retried');
      noStore(reply);
      return { retried };
    },
  );
}
