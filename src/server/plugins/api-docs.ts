import { createHash } from 'node:crypto';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from '../../contract/zod.ts';
import type { AppConfig } from '../config.ts';
import { defaultAccess, type RouteAccess } from './route-access.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A request body for the document only, by media type: for routes whose parser keeps the
     * body as text and never validates it (the RFC 8058 one-click unsubscribe form).
     */
    documentedBody?: Record<string, z.ZodType>;
  }
}

const htmlPageSchema = z.string().meta({ description: 'An HTML page.' });

/** An answer that is a page for a person (the sign-in popup's pages). */
export function htmlPageResponse(description: string) {
  return { description, content: { 'text/html': { schema: htmlPageSchema } } };
}

/** A page, or `json` for a client that prefers JSON (lib/person-page.ts `prefersPage`). */
export function pageOrJsonResponse(description: string, json: z.ZodType) {
  return {
    description,
    content: { 'text/html': { schema: htmlPageSchema }, 'application/json': { schema: json } },
  };
}

/**
 * The credentials each kind of access takes (the schemes in `components.securitySchemes`).
 * Public operations say so with an empty list.
 */
const SECURITY_BY_ACCESS: Record<RouteAccess, NonNullable<FastifySchema['security']>> = {
  public: [],
  admin: [{ sessionCookie: [] }, { sessionToken: [] }, { apiToken: [] }],
  viewer: [{ sessionCookie: [] }, { sessionToken: [] }, { apiToken: [] }],
  'admin-session': [{ sessionCookie: [] }, { sessionToken: [] }],
  app: [{ idToken: [] }],
};

/** `POST /api/admin/whitelist/add` -> `postAdminWhitelistAdd`: for a route that names none. */
function derivedOperationId(method: string, url: string): string {
  const words = [method, ...url.split('/').filter((part) => part && part !== 'api')]
    .flatMap((part) =>
      part
        .replace(/[^A-Za-z0-9]+/g, ' ')
        .trim()
        .split(' '),
    )
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  return words
    .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}

function mediaSchemas(content: Record<string, z.ZodType>) {
  return Object.fromEntries(
    Object.entries(content).map(([mediaType, schema]) => {
      const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input' });
      return [mediaType, { schema: json }];
    }),
  );
}

/**
 * Answers declared `z.undefined()` (a redirect, 204) have no body. Zod cannot write `undefined`
 * as JSON Schema; `type: 'null'` is how the swagger plugin leaves the content out.
 */
function splitBodyless(response: unknown) {
  if (typeof response !== 'object' || response === null) return { withBody: response };
  const entries = Object.entries(response as Record<string, unknown>);
  const isBodyless = (schema: unknown) => schema instanceof z.ZodUndefined;
  const bodyless = entries
    .filter(([, schema]) => isBodyless(schema))
    .map(
      ([status, schema]) =>
        [
          status,
          { type: 'null', description: (schema as z.ZodUndefined).description ?? 'No body.' },
        ] as const,
    );
  return {
    withBody: Object.fromEntries(entries.filter(([, schema]) => !isBodyless(schema))),
    bodyless: bodyless.length > 0 ? Object.fromEntries(bodyless) : undefined,
  };
}

/**
 * Each route's zod schemas become JSON Schema; its security comes from its `config.access`,
 * the declaration the access hook enforces, so the document cannot disagree with the server.
 */
const transformRoute: SwaggerTransform = (input) => {
  const { documentedBody, response, ...routeSchema } = input.schema;
  const { withBody, bodyless } = splitBodyless(response);
  const { schema, url } = jsonSchemaTransform({
    ...input,
    schema: { ...routeSchema, ...(withBody ? { response: withBody } : {}) },
  });
  if (schema.hide) return { schema, url };
  const { route } = input;
  const access = route.config?.access;
  if (!access) throw new Error(`${url} declares no access`);
  const method = [route.method].flat()[0] ?? 'get';
  return {
    url,
    schema: {
      ...schema,
      ...(documentedBody ? { body: { content: mediaSchemas(documentedBody) } } : {}),
      ...(bodyless ? { response: { ...(schema.response as object), ...bodyless } } : {}),
      operationId: schema.operationId ?? derivedOperationId(method, url),
      security: SECURITY_BY_ACCESS[access],
    },
  };
};

const SCHEMA_REF = '#/components/schemas/';

/** The component schemas the operations use, directly or through other schemas. */
function usedSchemas(paths: unknown, schemas: Record<string, unknown>): Set<string> {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(SCHEMA_REF)) {
        const name = inner.slice(SCHEMA_REF.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else {
        visit(inner);
      }
    }
  };
  visit(paths);
  return used;
}

/**
 * Components for every registered zod schema, keeping only those the operations use: the zod
 * provider writes an input and an output version of each, and most are only ever one of them.
 */
const transformDocument: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const used = usedSchemas(document.paths, schemas);
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  } as ReturnType<SwaggerTransformObject>;
};

/**
 * The one <style> element Swagger UI writes: inside the SVG of its own logo
 * (swagger-ui-standalone-preset.js), drawn for a moment before the plugin's logo replaces it.
 * Allowed by its hash rather than all inline style, so the page reports no violation.
 */
export const SWAGGER_LOGO_STYLE =
  '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';

function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** OpenAPI generated from the routes' zod schemas: JSON at /api/openapi.json, docs at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, config: AppConfig) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ReelScore API',
        description: 'Early-access signups, service health and waitlist administration.',
        version: config.version,
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: '__Host-reelscore_session',
            description: 'Set by the admin sign-in (/api/auth/login).',
          },
          sessionToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The same admin session token, for scripts.',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API token (`rsk_…`) an admin created in the dashboard; a read-only one may ' +
              'only call GET and HEAD.',
          },
          idToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An ID token of the configured issuer, issued to one of the app clients.',
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: transformDocument,
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, () =>
    app.swagger(),
  );
  // The docs pages are public; the plugin's routes take that declaration.
  await app.register(async (scope) => {
    defaultAccess(scope, 'public');
    await scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The docs page keeps its own policy (its assets carry hashes); plain http works locally.
      transformStaticCSP: (header) => {
        // No <base> and no framing, as on every other page (DESIGN.md, security model). Swagger
        // UI's stylesheets are files, and its one <style> element is allowed by its hash.
        const policy = header
          .replace(
            "style-src 'self' https:",
            () => `style-src 'self' ${hashSource(SWAGGER_LOGO_STYLE)}`,
          )
          .replace("base-uri 'self'", "base-uri 'none'")
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'");
        return config.env === 'production'
          ? policy
          : policy.replace(/\s*upgrade-insecure-requests;?/, '');
      },
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  });
}
