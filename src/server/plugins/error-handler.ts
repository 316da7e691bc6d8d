import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { decidingPath } from '../lib/request-path.ts';

/** Admin, email and auth endpoints answer `{message}`; public ones `{error}` (spec section 7). */
const MESSAGE_SHAPED_PREFIXES = ['/api/admin', '/api/email', '/api/auth', '/api/app'];

/** The error shape of the route that matched (or of the normalised path when none did). */
export function errorBody(request: FastifyRequest, text: string): Record<string, string> {
  const path = decidingPath(request);
  const messageShaped = MESSAGE_SHAPED_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  );
  return messageShaped ? { message: text } : { error: text };
}

function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0]?.message;
    if (first) return first;
  }
  return error.message;
}

/**
 * The one place that turns errors into responses: client errors keep their message, server
 * errors are logged in full and answered with a generic text and no internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation) {
      return reply.code(400).send(errorBody(request, validationMessage(error)));
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const exposed = status === 503 && error.name === 'ServiceUnavailableError';
      const text = exposed ? error.message : 'Something went wrong on our side. Please try again.';
      return reply.code(status).send(errorBody(request, text));
    }
    if (status === 429) request.log.warn({ route: decidingPath(request) }, 'rate limit reached');
    return reply.code(status).send(errorBody(request, error.message));
  });
}
