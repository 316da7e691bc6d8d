import { actingAddress } from '../../platform/http/admin-request.ts';
import { finished } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signupsExportQuerySchema, usersExportQuerySchema } from '../../../contract/admin.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import { z } from '../../../contract/zod.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { cutSlowReaders } from '../../lib/read-rate.ts';
import {
  adminErrorResponses,
  currentAdmin,
  noStore,
  orUnavailable,
} from '../../platform/http/admin-request.ts';
import { withoutAddresses } from '../../platform/mail/suppression.ts';
import { recordAudit } from '../../platform/audit/audit-repository.ts';
import { signupsCsv, usersCsv } from './csv-export.ts';
import { exportSlots, type ExportSlots } from './export-limits.ts';
import type { ListFilter } from '../../platform/lists/list-filter.ts';

export const EXPORT_UNAVAILABLE_MESSAGE =
  "We couldn't start the export right now. Please try again in a moment.";

function csvResponse(description: string) {
  return {
    description,
    content: {
      'text/csv': {
        schema: z.string().meta({
          description:
            'A header row, then one row per match in the order of the list. A cell starting ' +
            "with =, +, -, @, tab or carriage return starts with ' (and is quoted).",
        }),
      },
    },
  };
}

/**
 * The filter as a query string, to name what was exported in the audit log. An address in it (a
 * search for a person) is kept only as its keyed hash: the log must not name the person, also
 * after an erasure of the address, which finds no address to replace here.
 */
export function describeFilter(
  list: 'signups' | 'users',
  filter: ListFilter,
  secret: string,
): string {
  const given = Object.entries(filter)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([name, value]): [string, string] => [name, withoutAddresses(secret, value.trim())]);
  const query = new URLSearchParams(given.sort(([a], [b]) => a.localeCompare(b))).toString();
  return query ? `${list}?${query}` : list;
}

/** PostgreSQL's code for a statement ended by its timeout (or a cancel request). */
const QUERY_CANCELED = '57014';

interface ExportRequest {
  actor: string;
  /** Whose exports count together against the per-person limit. */
  person: string;
  list: 'signups' | 'users';
  filter: ListFilter;
  secret: string;
}

/**
 * Takes one of the export slots (429 with Retry-After when none is free), audits the export (an
 * admin taking personal data away is worth a record; a database that cannot take the record
 * answers 503 before anything is sent), then streams the CSV. The slot is given back once,
 * when the CSV stream or the response is over, whichever is first: ended, failed, closed by
 * the client, or cut for reading too slowly.
 */
async function sendExport(
  app: FastifyInstance,
  slots: ExportSlots,
  request: FastifyRequest,
  reply: FastifyReply,
  { actor, person, list, filter, secret }: ExportRequest,
) {
  const limits = app.config.exports;
  const slot = slots.take(person);
  if (typeof slot !== 'function') {
    reply.header('retry-after', String(slot.retryAfterSeconds));
    throw new HttpError(429, slot.message);
  }
  reply.raw.once('close', slot);
  const now = new Date();
  await orUnavailable(EXPORT_UNAVAILABLE_MESSAGE, () =>
    recordAudit(app.database.db, {
      at: now,
      actor,
      action: 'export',
      target: describeFilter(list, filter, secret),
    }),
  );
  const source =
    list === 'signups'
      ? signupsCsv(app.database, filter, limits.statementTimeoutMs)
      : usersCsv(app.database, filter, limits.statementTimeoutMs);
  finished(source, (error) => {
    slot();
    // Fastify logs nothing of a stream that fails after the headers went out. A client that
    // went away is no failure; the database's reason (a statement timeout) is named by its code
    // only, as the error could quote the filter.
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (!error || code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    request.log.warn(
      { list, code, ...(code === QUERY_CANCELED ? { reason: 'statement timeout' } : {}) },
      'export stopped before its end',
    );
  });
  const rate = { minBytesPerSecond: limits.minBytesPerSecond, windowMs: limits.minRateWindowMs };
  const csv = cutSlowReaders(source, reply.raw, rate, (reader) =>
    request.log.warn(
      { list, ...reader, minBytesPerSecond: rate.minBytesPerSecond },
      'export cut: the client read too slowly',
    ),
  );
  noStore(reply);
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${list}-${now.toISOString().slice(0, 10)}.csv"`,
    )
    .send(csv);
}

const tooManyExports = adminErrorSchema.describe(
  'This person already runs as many exports as allowed (EXPORTS_PER_USER), or everyone ' +
    'together does (EXPORTS_TOTAL); `Retry-After` gives the seconds to wait.',
);

/**
 * CSV exports of both lists, with the lists' filters and order and no paging. `secret` is the
 * mail secret, whose suppression key hashes addresses in the audit log (privacy/suppression.ts).
 */
export function exportRoutes(app: FastifyInstance, secret: string) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const slots = exportSlots(app.config.exports);
  app.decorate('exportSlots', slots);
  const identity = (request: FastifyRequest) => {
    const admin = currentAdmin(request);
    return { actor: admin.email, person: actingAddress(admin) };
  };
  routes.get(
    '/api/admin/signups/export',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'exportSignups',
        summary: 'Download the signups as CSV',
        description:
          'Every signup `GET /api/admin/signups` would list with the same query (no paging), ' +
          'streamed as `text/csv` with a dated file name. Audited as `export`.',
        tags: ['admin'],
        querystring: signupsExportQuerySchema,
        response: {
          200: csvResponse(
            'Columns: id, email, type, source, created_at, confirmed_at, whitelisted, ' +
              'registered_at, last_signup_at, signup_count.',
          ),
          ...adminErrorResponses,
          429: tooManyExports,
        },
      },
    },
    (request, reply) =>
      sendExport(app, slots, request, reply, {
        ...identity(request),
        list: 'signups',
        filter: request.query,
        secret,
      }),
  );
  routes.get(
    '/api/admin/users/export',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'exportUsers',
        summary: 'Download the users as CSV',
        description:
          'Every address `GET /api/admin/users` would list with the same query (no paging), ' +
          'streamed as `text/csv` with a dated file name. Audited as `export`.',
        tags: ['admin'],
        querystring: usersExportQuerySchema,
        response: {
          200: csvResponse(
            'Columns: uid, email, whitelisted, signup_date, registration_date, confirmed_at.',
          ),
          ...adminErrorResponses,
          429: tooManyExports,
        },
      },
    },
    (request, reply) =>
      sendExport(app, slots, request, reply, {
        ...identity(request),
        list: 'users',
        filter: request.query,
        secret,
      }),
  );
}
