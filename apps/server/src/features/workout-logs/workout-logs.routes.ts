import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import {
  chartDataInputSchema,
  chartDataSchema,
  logResultSchema,
  manualWorkoutInputSchema,
  workoutLogInputSchema,
  workoutLogListQuerySchema,
  workoutLogPageSchema,
} from '@fitcoach/shared/workout-logs';
import { sendPrepared } from '../../lib/answer-cache';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as logs from './workout-logs.service';

export async function workoutLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/workout/:id/log',
    {
      schema: {
        tags: ['workout logs'],
        summary: 'Log a workout; answers the achievement earned, if any',
        params: idParamsSchema,
        body: workoutLogInputSchema,
        response: { 201: logResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const result = await logs.logWorkout(app.ctx, viewer, request.params.id, request.body);
      return reply.status(201).send(result);
    },
  );

  r.post(
    '/workout_log/manual',
    {
      schema: {
        tags: ['workout logs'],
        summary: 'Record a session done outside the app',
        body: manualWorkoutInputSchema,
        response: { 201: logResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const result = await logs.logManual(app.ctx, requireViewer(request), request.body);
      return reply.status(201).send(result);
    },
  );

  r.get(
    '/workout_log',
    {
      schema: {
        tags: ['workout logs'],
        summary: 'Your completed workouts, newest first',
        querystring: workoutLogListQuerySchema,
        response: { 200: workoutLogPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        await logs.historyAnswer(app.ctx, requireViewer(request), request.query),
      ),
  );

  r.delete(
    '/workout_log/:id',
    {
      schema: {
        tags: ['workout logs'],
        summary: 'Delete one of your logs (records and streaks are recomputed)',
        params: idParamsSchema,
        response: { 204: z.null().describe('No content'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await logs.deleteLog(app.ctx, requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/workout/chart_data',
    {
      schema: {
        tags: ['workout logs'],
        summary: 'Chart series for one workout (workout_id) or all your sessions (none)',
        body: chartDataInputSchema,
        response: { 200: chartDataSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        await logs.chartAnswer(app.ctx, requireViewer(request), request.body.workout_id),
      ),
  );
}
