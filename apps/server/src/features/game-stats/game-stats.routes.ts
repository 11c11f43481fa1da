import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gameStatInputSchema,
  gameStatSchema,
  gameStatsPageSchema,
  gameStatsQuerySchema,
} from '@fitcoach/shared/game-stats';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as games from './game-stats.service';

/** Personal game stats: the member's own games in any sport (only ever their own). */
export async function gameStatsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['game stats'];

  r.get(
    '/game_stats',
    {
      schema: {
        tags,
        summary: 'Your games, newest first, with season and all-time totals and averages',
        querystring: gameStatsQuerySchema,
        response: { 200: gameStatsPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => games.listGames(app.ctx, requireViewer(request), request.query),
  );

  r.post(
    '/game_stats',
    {
      schema: {
        tags,
        summary: 'Record one of your games',
        body: gameStatInputSchema,
        response: { 201: gameStatSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const created = await games.createGame(app.ctx, requireViewer(request), request.body);
      return reply.status(201).send(created);
    },
  );

  r.put(
    '/game_stats/:id',
    {
      schema: {
        tags,
        summary: 'Change one of your games (every field)',
        params: idParamsSchema,
        body: gameStatInputSchema,
        response: { 200: gameStatSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      games.updateGame(app.ctx, requireViewer(request), request.params.id, request.body),
  );

  r.delete(
    '/game_stats/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your games',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await games.deleteGame(app.ctx, requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
