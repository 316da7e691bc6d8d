import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_LINES,
  importQuerySchema,
  importResultSchema,
} from '../../../contract/admin-insights.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import { HttpError } from '../../lib/http-errors.ts';
import {
  adminErrorResponses,
  currentAdmin,
  noStore,
  orUnavailable,
} from '../../platform/http/admin-request.ts';
import {
  DISPOSABLE_EMAIL_MESSAGE,
  disposableAddressCheck,
} from '../../platform/addresses/disposable-domains.ts';
import { importSignups, type SignupRule } from './csv-import.ts';

export const IMPORT_UNAVAILABLE_MESSAGE =
  "We couldn't import the file right now. Lines already imported stay; importing the same " +
  'file again skips them.';
export const IMPORT_MEDIA_TYPE_MESSAGE = 'Send the file as text/csv.';

/** `POST /api/admin/signups/import`: a legacy waitlist in, with a dry run first. */
export function importRoutes(app: FastifyInstance) {
  // What the public form refuses, an import refuses too.
  const isDisposable = disposableAddressCheck(app.config.disposableDomainsAllowed);
  const rules: SignupRule[] = [
    (email) => (isDisposable(email) ? DISPOSABLE_EMAIL_MESSAGE : undefined),
  ];
  void app.register((scope, _options, done) => {
    // The file is the body, as text; only this scope reads CSV bodies, up to the import limit.
    scope.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, parsed) => parsed(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/signups/import',
      {
        config: { access: 'admin' },
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          operationId: 'importSignups',
          summary: 'Import a legacy waitlist from CSV',
          description:
            'The body is CSV (`text/csv`, UTF-8, at most 5 MB and ' +
            `${IMPORT_MAX_LINES.toLocaleString('en')} lines): a header line, then one signup per ` +
            'line with the columns `email`, `created_at` (ISO 8601 day or time, UTC without a ' +
            'zone, kept as the signup date), and optionally `type` (CLOSED_ALPHA, BETA, ' +
            'OPEN_BETA; blank: the current programme) and `source` (a signup form; blank: ' +
            "general). Other columns are ignored, so the list's own export can be imported. Every " +
            "line is checked by the public signup's rules (one mailbox, no disposable-mail domain; " +
            'the preview names the rule that refused each line); addresses that already signed up (or came ' +
            'earlier in the file) are skipped. `dryRun=true` answers the counts and per-line ' +
            'errors and writes nothing. The real run is audited as `signups.import`.',
          tags: ['admin'],
          querystring: importQuerySchema,
          response: {
            200: importResultSchema.describe('What was (or, in a dry run, would be) imported.'),
            ...adminErrorResponses,
            400: adminErrorSchema.describe(
              'Not CSV, no header naming email and created_at, or a bad query.',
            ),
            413: adminErrorSchema.describe('More than 5 MB or 100,000 lines.'),
            415: adminErrorSchema.describe('The body is not text/csv.'),
          },
        },
      },
      async (request, reply) => {
        if (typeof request.body !== 'string') throw new HttpError(415, IMPORT_MEDIA_TYPE_MESSAGE);
        const text = request.body;
        const dryRun = request.query.dryRun === 'true';
        const result = await importOrUnavailable(() =>
          importSignups(app.database.db, text, {
            dryRun,
            actor: currentAdmin(request).email,
            defaultProgram: app.config.signupProgram,
            rules,
          }),
        );
        noStore(reply);
        return result;
      },
    );
    done();
  });
}

/** Refusals of the file keep their status; a database failure is a 503. */
async function importOrUnavailable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return orUnavailable(IMPORT_UNAVAILABLE_MESSAGE, () => Promise.reject(error as Error));
  }
}
