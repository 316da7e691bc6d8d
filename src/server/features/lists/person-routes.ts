import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorSchema } from '../../../contract/errors.ts';
import { personQuerySchema, personSchema } from '../../../contract/person.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { adminErrorResponses, noStore, orUnavailable } from '../../platform/http/admin-request.ts';
import { readPerson } from './person-repository.ts';

export const PERSON_UNAVAILABLE_MESSAGE =
  "We couldn't load this person right now. Please try again in a moment.";
export const PERSON_NOT_FOUND_MESSAGE = 'Nothing is held about this address.';

/** One address at a glance: a read, so viewers may call it too; nothing is audited or changed. */
export function personRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/person',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'getPerson',
        summary: 'One address at a glance',
        description:
          'Its signup and repeats, confirmation, whitelist, registration, marketing-mail ' +
          'choice, its mails and their delivery (newest 50), and what was done to it (newest 50).',
        tags: ['admin'],
        querystring: personQuerySchema,
        response: {
          200: personSchema.describe('Everything the dashboard shows about the address.'),
          404: adminErrorSchema.describe(PERSON_NOT_FOUND_MESSAGE),
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const person = await orUnavailable(PERSON_UNAVAILABLE_MESSAGE, () =>
        readPerson(app.database.db, request.query.email),
      );
      if (!person) throw new HttpError(404, PERSON_NOT_FOUND_MESSAGE);
      noStore(reply);
      return person;
    },
  );
}
