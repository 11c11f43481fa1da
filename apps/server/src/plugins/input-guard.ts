import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inspectInput, MAX_NESTING, NESTING_MESSAGE, NUL_MESSAGE } from '@fitcoach/shared/text';
import { validationFailed } from '../lib/http-error';

const PARTS = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

/**
 * The shared no-NUL rule (packages/shared/src/text.ts) on every route's path, query and body,
 * keys included, before the route's own schema: one place, so no route or field can miss it.
 * The same walk refuses JSON nested deeper than MAX_NESTING, before the schema's recursive
 * validation could overflow the stack on it (a 500 for anyone, signed in or not).
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      for (const [part, name] of PARTS) {
        const problem = inspectInput(request[part]);
        if (problem?.kind === 'too_deep') {
          done(
            validationFailed(
              [{ path: problem.path.join('.'), message: NESTING_MESSAGE }],
              `The request ${name} is nested too deeply: at most ${MAX_NESTING} levels of arrays and objects.`,
            ),
          );
          return;
        }
        if (problem?.kind === 'nul') {
          done(
            validationFailed(
              [{ path: problem.path.join('.'), message: NUL_MESSAGE }],
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
