import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commentInputSchema,
  commentPageSchema,
  commentQuerySchema,
  feedCommentSchema,
  feedPageSchema,
  feedQuerySchema,
  kudosInputSchema,
  kudosResultSchema,
  sharedDietPageSchema,
  sharedPageSchema,
  sharedProgramPageSchema,
  sharedQuerySchema,
  sharedTrainerThreadPageSchema,
} from '@fitcoach/shared/feed';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import { workoutDetailSchema } from '@fitcoach/shared/workouts';
import { sendPrepared } from '../../lib/answer-cache';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as feed from './feed.service';

export async function feedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/feed',
    {
      schema: {
        tags: ['feed'],
        summary: 'Your friends’ completed workouts and yours, newest first',
        querystring: feedQuerySchema,
        response: { 200: feedPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        await feed.feedAnswer(app.ctx, requireViewer(request), request.query),
      ),
  );

  r.post(
    '/feed/:id/kudos',
    {
      schema: {
        tags: ['feed'],
        summary: 'Give or take back kudos on a feed entry (toggles unless `given` is sent)',
        params: idParamsSchema,
        body: kudosInputSchema,
        response: { 200: kudosResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      feed.setKudos(app.ctx, requireViewer(request), request.params.id, request.body.given),
  );

  r.get(
    '/feed/:id/comments',
    {
      schema: {
        tags: ['feed'],
        summary: 'A feed entry’s comments, newest first',
        params: idParamsSchema,
        querystring: commentQuerySchema,
        response: { 200: commentPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      feed.listComments(app.ctx, requireViewer(request), request.params.id, request.query),
  );

  r.post(
    '/feed/:id/comments',
    {
      schema: {
        tags: ['feed'],
        summary: 'Comment on a feed entry (1–500 characters)',
        params: idParamsSchema,
        body: commentInputSchema,
        response: { 201: feedCommentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const comment = await feed.addComment(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.body.body,
      );
      return reply.status(201).send(comment);
    },
  );

  r.delete(
    '/feed/comments/:id',
    {
      schema: {
        tags: ['feed'],
        summary: 'Delete a comment you wrote, or one on your workout',
        params: idParamsSchema,
        response: { 204: z.null().describe('No content'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await feed.deleteComment(app.ctx, requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/shared',
    {
      schema: {
        tags: ['feed'],
        summary: 'Shared with me: workouts your friends shared with you, newest first',
        querystring: sharedQuerySchema,
        response: { 200: sharedPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => feed.listShared(app.ctx, requireViewer(request), request.query),
  );

  r.get(
    '/shared/diets',
    {
      schema: {
        tags: ['feed'],
        summary: 'Shared with me: diets your friends shared with you, newest first',
        querystring: sharedQuerySchema,
        response: { 200: sharedDietPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => feed.listSharedDiets(app.ctx, requireViewer(request), request.query),
  );

  r.get(
    '/shared/programs',
    {
      schema: {
        tags: ['feed'],
        summary: 'Shared with me: programs your friends shared with you, newest first',
        querystring: sharedQuerySchema,
        response: { 200: sharedProgramPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => feed.listSharedPrograms(app.ctx, requireViewer(request), request.query),
  );

  r.get(
    '/shared/trainer_threads',
    {
      schema: {
        tags: ['feed'],
        summary: 'Shared with me: trainer conversations your friends shared with you, newest first',
        querystring: sharedQuerySchema,
        response: { 200: sharedTrainerThreadPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      feed.listSharedTrainerThreads(app.ctx, requireViewer(request), request.query),
  );

  r.post(
    '/shared/:id/save',
    {
      schema: {
        tags: ['feed'],
        summary: 'Save your own private copy of a workout a friend shared with you',
        params: idParamsSchema,
        response: { 201: workoutDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const copy = await feed.saveSharedCopy(app.ctx, requireViewer(request), request.params.id);
      return reply.status(201).send(copy);
    },
  );
}
