import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signupsExportQuerySchema, usersExportQuerySchema } from '../../../contract/admin.ts';
import { z } from '../../../contract/zod.ts';
import { adminErrorResponses, currentAdmin, noStore, orUnavailable } from './admin-request.ts';
import { withoutAddresses } from '../privacy/suppression.ts';
import { recordAudit } from './audit-repository.ts';
import { signupsCsv, usersCsv } from './csv-export.ts';
import type { ListFilter } from './list-filter.ts';

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

/**
 * Audits the export (an admin taking personal data away is worth a record; a database that
 * cannot take the record answers 503 before anything is sent), then streams the CSV.
 */
interface ExportRequest {
  actor: string;
  list: 'signups' | 'users';
  filter: ListFilter;
  secret: string;
}

async function sendExport(
  app: FastifyInstance,
  reply: FastifyReply,
  { actor, list, filter, secret }: ExportRequest,
) {
  const now = new Date();
  await orUnavailable(EXPORT_UNAVAILABLE_MESSAGE, () =>
    recordAudit(app.database.db, {
      at: now,
      actor,
      action: 'export',
      target: describeFilter(list, filter, secret),
    }),
  );
  const csv =
    list === 'signups' ? signupsCsv(app.database, filter) : usersCsv(app.database, filter);
  noStore(reply);
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${list}-${now.toISOString().slice(0, 10)}.csv"`,
    )
    .send(csv);
}

/**
 * CSV exports of both lists, with the lists' filters and order and no paging. `secret` is the
 * mail secret, whose suppression key hashes addresses in the audit log (privacy/suppression.ts).
 */
export function exportRoutes(app: FastifyInstance, secret: string) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
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
        },
      },
    },
    (request, reply) =>
      sendExport(app, reply, {
        actor: currentAdmin(request).email,
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
        },
      },
    },
    (request, reply) =>
      sendExport(app, reply, {
        actor: currentAdmin(request).email,
        list: 'users',
        filter: request.query,
        secret,
      }),
  );
}
