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
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import { todayUtc } from '../achievements/streaks';
import * as logs from './workout-logs.service';

export async function workoutLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Everything a member's history answers depend on: their logs, units, and deleted workouts. */
  const historyVersion = (userId: number) =>
    `${app.caches.version(`history:${userId}`)}.${app.caches.version('histories')}.${app.caches.version(`user:${userId}`)}`;

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
      const result = await logs.logWorkout(app.db, viewer, request.params.id, request.body);
      app.caches.invalidate({ kind: 'history', userId: viewer.id });
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
      const viewer = requireViewer(request);
      const result = await logs.logManual(app.db, viewer, request.body);
      app.caches.invalidate({ kind: 'history', userId: viewer.id });
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
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { cursor, workout_id, limit } = request.query;
      if (cursor || workout_id !== undefined) return logs.listLogs(app.db, viewer, request.query);
      // The first page, what the history page opens with, is served from memory until the
      // member's logs change.
      const key = `history:${viewer.id}:${historyVersion(viewer.id)}:${limit}`;
      return app.caches.respond(
        request,
        reply,
        key,
        () => logs.listLogs(app.db, viewer, { limit }),
        workoutLogPageSchema,
      );
    },
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
      const viewer = requireViewer(request);
      await logs.deleteLog(app.db, viewer, request.params.id);
      app.caches.invalidate({ kind: 'history', userId: viewer.id });
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
    async (request, reply) => {
      const viewer = requireViewer(request);
      const workoutId = request.body.workout_id;
      const scope =
        workoutId === null ? 'all' : `${workoutId}:${app.caches.version(`workout:${workoutId}`)}`;
      // The weekly series ends at today: the date is part of the key.
      const key = `chart:${viewer.id}:${historyVersion(viewer.id)}:${scope}:${todayUtc()}`;
      return app.caches.respond(
        request,
        reply,
        key,
        () => logs.chartData(app.db, viewer, workoutId),
        chartDataSchema,
      );
    },
  );
}
