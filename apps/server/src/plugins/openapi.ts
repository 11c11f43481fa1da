import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same Zod schemas that validate requests; UI at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'FitCoach API',
          description:
            'JSON API of FitCoach. Every POST, PUT, PATCH and DELETE needs the `X-CSRF-Token` header from `GET /api/auth/me`. Errors: `{ error, message, issues? }`.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'fitcoach_session' },
            csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // No CSP of swagger-ui's own: its static one carries upgrade-insecure-requests whatever
      // the protocol (a blank page over plain HTTP from another host) and refuses inline styles.
      // The docs get the app's policy (plugins/security.ts), which fits them.
      staticCSP: false,
    });
  },
  { name: 'openapi' },
);
