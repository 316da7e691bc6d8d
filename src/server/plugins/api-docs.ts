import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import { defaultAccess } from './route-access.ts';

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
          idToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An ID token of the configured issuer, issued to one of the app clients.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
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
      // Swagger UI injects its own styles; http stays usable locally.
      transformStaticCSP: (header) => {
        // No <base> and no framing, as on every other page (DESIGN.md, security model).
        const policy = header
          .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'")
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
