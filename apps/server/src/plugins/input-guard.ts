import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { inspectInput, MAX_NESTING, NESTING_MESSAGE, NUL_MESSAGE } from '@fitcoach/shared/text';
import { text } from '../i18n/i18n';
import { validationFailed } from '../lib/http-error';

const PARTS = [
  ['params', 'path'],
  ['query', 'query'],
  ['body', 'body'],
] as const;

const partText = {
  path: text('errors:request.part.path'),
  query: text('errors:request.part.query'),
  body: text('errors:request.part.body'),
};

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
              [
                {
                  path: problem.path.join('.'),
                  message: text(NESTING_MESSAGE, { max: MAX_NESTING }),
                },
              ],
              text('errors:request.tooDeep', { part: partText[name], max: MAX_NESTING }),
            ),
          );
          return;
        }
        if (problem?.kind === 'nul') {
          done(
            validationFailed(
              [{ path: problem.path.join('.'), message: text(NUL_MESSAGE) }],
              text('errors:request.nul', { part: partText[name] }),
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
