import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import {
  teamGameInputSchema,
  teamGameParamsSchema,
  teamGameSchema,
  teamStatRowParamsSchema,
  teamStatRowSchema,
  teamStatRowUpdateSchema,
  teamStatsAnswerSchema,
  teamStatsSubmitSchema,
} from '@fitcoach/shared/team-stats';
import { sendPrepared } from '../../lib/answer-cache';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as stats from './team-stats.service';

/**
 * Team game stats (issue 14, item 4). `POST /api/team/stats` keeps the spec's shape (the team in
 * the body, `stats` an array of rows); the rest lives under the team. Members read; owners,
 * coaches and scorers write (403 to players); to anyone else the team does not exist (404).
 */
export async function teamStatsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['team stats'];

  r.post(
    '/team/stats',
    {
      schema: {
        tags,
        summary:
          "Submit a game's stats sheet, all rows or none: finalises the open game `game_id`, or records a new one; total_points is recomputed",
        body: teamStatsSubmitSchema,
        response: {
          200: teamGameSchema.describe('The open game, now final'),
          201: teamGameSchema.describe('A new final game'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { created, game } = await stats.submitStats(
        app.ctx,
        requireViewer(request),
        request.body,
      );
      return reply.status(created ? 201 : 200).send(game);
    },
  );

  r.get(
    '/team/:id/stats',
    {
      schema: {
        tags,
        summary: "A team's games with their rows, and the season's totals per player",
        params: idParamsSchema,
        response: { 200: teamStatsAnswerSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        await stats.statsAnswer(app.ctx, requireViewer(request), request.params.id),
      ),
  );

  r.post(
    '/team/:id/stats/games',
    {
      schema: {
        tags,
        summary: 'Start a game scored live (open until its sheet is submitted)',
        params: idParamsSchema,
        body: teamGameInputSchema,
        response: { 201: teamGameSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const game = await stats.startGame(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(game);
    },
  );

  r.get(
    '/team/:id/stats/:game_id',
    {
      schema: {
        tags,
        summary: 'One game of the team: its rows and the team points (the box score)',
        params: teamGameParamsSchema,
        response: { 200: teamGameSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      stats.getGame(app.ctx, requireViewer(request), request.params.id, request.params.game_id),
  );

  r.put(
    '/team/:id/stats/:game_id',
    {
      schema: {
        tags,
        summary: "Change an open game's opponent and date",
        params: teamGameParamsSchema,
        body: teamGameInputSchema,
        response: { 200: teamGameSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      stats.updateGame(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.params.game_id,
        request.body,
      ),
  );

  r.delete(
    '/team/:id/stats/:game_id',
    {
      schema: {
        tags,
        summary:
          'Discard an open game (owners, coaches, scorers) or delete a final one (owners, coaches)',
        params: teamGameParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await stats.deleteGame(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.params.game_id,
      );
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/team/:id/stats/:game_id/rows/:player_id',
    {
      schema: {
        tags,
        summary:
          "Live scoring: one player's row of an open game as it now stands; pushed to the team's TeamChannel",
        params: teamStatRowParamsSchema,
        body: teamStatRowUpdateSchema,
        response: { 200: teamStatRowSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      stats.saveRow(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.params.game_id,
        request.params.player_id,
        request.body,
      ),
  );
}
