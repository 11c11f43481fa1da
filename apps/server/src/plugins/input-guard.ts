import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findNul, NUL_MESSAGE } from '@fitcoach/shared/text';
import { validationFailed } from '../lib/http-error';

const PARTS = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

/**
 * The shared no-NUL rule (packages/shared/src/text.ts) on every route's path, query and body,
 * keys included, before the route's own schema: one place, so no route or field can miss it.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      for (const [part, name] of PARTS) {
        const path = findNul(request[part]);
        if (path) {
          done(
            validationFailed(
              [{ path: path.join('.'), message: NUL_MESSAGE }],
              `The request ${name} contains a NUL character, which text cannot hold.`,
            ),
          );
          return;
        }
      }
      done();
    });
  },
  { name: 'input-guard' },
);
