import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import {
  exerciseStepsSchema,
  shareTrainerThreadInputSchema,
  shareTrainerThreadResultSchema,
  trainerAskInputSchema,
  trainerChatInputSchema,
  trainerChatReplySchema,
  trainerMemoryListSchema,
  trainerMemorySchema,
  trainerMemoryUpdateSchema,
  trainerPersonaListSchema,
  trainerPersonaSchema,
  trainerThreadDetailSchema,
  trainerThreadListSchema,
  trainerThreadRenameSchema,
  trainerThreadSchema,
} from '@fitcoach/shared/trainer';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import { limits, memberOf } from '../../plugins/rate-limits';
import * as trainer from './trainer.service';

/** The AI trainer: personas, chat threads, exercise steps and what the trainer remembers. */
export async function trainerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One model client per app, logging through the app's logger (status and code only).
  trainer.prepareTrainerModel(app.ctx, app.log);

  // Answering costs far more than reading: each member gets a budget (AI_CHAT_RATE_LIMIT a
  // minute), shared by chat and ask, counted after validation: a refused (400) question uses none.
  const trainerLimit = limits(app, [
    {
      name: 'trainer',
      max: app.config.AI_CHAT_RATE_LIMIT,
      windowMs: 60_000,
      key: memberOf,
      message: 'errors:trainer.rateLimited',
    },
  ]);

  r.get(
    '/trainer_persona',
    {
      schema: {
        tags: ['trainer'],
        summary: 'The trainer personas a member can chat with',
        response: { 200: trainerPersonaListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      requireViewer(request);
      return trainer.listPersonas(app.ctx, request.locale);
    },
  );

  r.get(
    '/trainer_persona/:id',
    {
      schema: {
        tags: ['trainer'],
        summary: 'A trainer persona: description, specialty, greeting and example questions',
        params: idParamsSchema,
        response: { 200: trainerPersonaSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      requireViewer(request);
      return trainer.getPersona(app.ctx, request.params.id, request.locale);
    },
  );

  r.post(
    '/trainer/chat',
    {
      schema: {
        tags: ['trainer'],
        summary: 'Ask the trainer; the question and reply are kept in a thread (a new one if none)',
        body: trainerChatInputSchema,
        response: { 200: trainerChatReplySchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      preHandler: trainerLimit,
    },
    async (request) => {
      const reply = await trainer.chat(app.ctx, requireViewer(request), request.body, app);
      // Counts and ids only: what a member asks is theirs, not the logs'.
      request.log.info(
        {
          trainer: {
            thread_id: reply.thread_id,
            citations: reply.citations.length,
            remembered: reply.remembered.length,
          },
        },
        'trainer chat answered',
      );
      return reply;
    },
  );

  r.post(
    '/trainer/ask',
    {
      schema: {
        tags: ['trainer'],
        summary: "How to do an exercise: the library's steps, cues and common mistakes",
        body: trainerAskInputSchema,
        response: { 200: exerciseStepsSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      preHandler: trainerLimit,
    },
    async (request) => {
      const steps = await trainer.exerciseSteps(app.ctx, requireViewer(request), request.body);
      request.log.info({ trainer: { exercise_id: steps.exercise_id } }, 'trainer steps answered');
      return steps;
    },
  );

  r.get(
    '/trainer/threads',
    {
      schema: {
        tags: ['trainer'],
        summary: 'Your conversations with the trainer, most recent first',
        response: { 200: trainerThreadListSchema, ...errorResponses(401) },
      },
    },
    async (request) => trainer.listThreads(app.ctx, requireViewer(request)),
  );

  r.get(
    '/trainer/threads/:id',
    {
      schema: {
        tags: ['trainer'],
        summary: 'One of your conversations, or one a friend shared with you, with its messages',
        params: idParamsSchema,
        response: { 200: trainerThreadDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => trainer.getThread(app.ctx, requireViewer(request), request.params.id),
  );

  r.post(
    '/trainer/share_thread',
    {
      schema: {
        tags: ['trainer'],
        summary: 'Share one of your conversations with a friend (status 200 means success)',
        body: shareTrainerThreadInputSchema,
        response: {
          200: shareTrainerThreadResultSchema,
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) => trainer.shareThread(app.ctx, requireViewer(request), request.body),
  );

  r.post(
    '/trainer/threads/:id/copy',
    {
      schema: {
        tags: ['trainer'],
        summary: 'Copy a conversation you may read (one a friend shared) into your own',
        params: idParamsSchema,
        response: { 201: trainerThreadDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const copy = await trainer.copyThread(app.ctx, requireViewer(request), request.params.id);
      return reply.status(201).send(copy);
    },
  );

  r.patch(
    '/trainer/threads/:id',
    {
      schema: {
        tags: ['trainer'],
        summary: 'Rename one of your conversations',
        params: idParamsSchema,
        body: trainerThreadRenameSchema,
        response: { 200: trainerThreadSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      trainer.renameThread(app.ctx, requireViewer(request), request.params.id, request.body.title),
  );

  r.delete(
    '/trainer/threads/:id',
    {
      schema: {
        tags: ['trainer'],
        summary: 'Delete one of your conversations and its messages',
        params: idParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await trainer.deleteThread(app.ctx, requireViewer(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/trainer/memory',
    {
      schema: {
        tags: ['trainer'],
        summary: 'What the trainer remembers about you (injuries, equipment, goals, dislikes)',
        response: { 200: trainerMemoryListSchema, ...errorResponses(401) },
      },
    },
    async (request) => trainer.listMemories(app.ctx, requireViewer(request)),
  );

  r.patch(
    '/trainer/memory/:id',
    {
      schema: {
        tags: ['trainer'],
        summary: 'Correct a fact the trainer remembers about you',
        params: idParamsSchema,
        body: trainerMemoryUpdateSchema,
        response: { 200: trainerMemorySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      trainer.updateMemory(app.ctx, requireViewer(request), request.params.id, request.body),
  );

  r.delete(
    '/trainer/memory/:id',
    {
      schema: {
        tags: ['trainer'],
        summary: 'Make the trainer forget a fact about you',
        params: idParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await trainer.deleteMemory(app.ctx, requireViewer(request), request.params.id);
      return { ok: true as const };
    },
  );
}
