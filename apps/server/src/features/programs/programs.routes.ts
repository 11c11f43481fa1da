import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import {
  followActionInputSchema,
  programDetailSchema,
  programInputSchema,
  programListSchema,
  programListQuerySchema,
  programTodaySchema,
  shareProgramInputSchema,
  shareProgramResultSchema,
  startProgramInputSchema,
} from '@fitcoach/shared/programs';
import { vm } from '@fitcoach/shared/validation-messages';
import { sendPrepared } from '../../lib/answer-cache';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as programs from './programs.service';

/** The member's own date (YYYY-MM-DD), so "today" is theirs and not the server's. */
const dateQuerySchema = z.object({ date: z.iso.date(vm('dateFormat')).optional() });

/**
 * Programs: the list, the calendar, today's session, share and copy, and following one (start,
 * pause, resume, leave).
 */
export async function programRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/program',
    {
      schema: {
        tags: ['programs'],
        summary: "Your programs, then friends' shared and public ones you may see",
        querystring: programListQuerySchema,
        response: { 200: programListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => programs.listPrograms(app.ctx, requireViewer(request), request.query),
  );

  r.get(
    '/program/today',
    {
      schema: {
        tags: ['programs'],
        summary: "Today's session of your active program, eased by readiness, or null",
        querystring: dateQuerySchema,
        response: { 200: programTodaySchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        await programs.todayAnswer(app.ctx, requireViewer(request), request.query.date),
      ),
  );

  r.get(
    '/program/:id',
    {
      schema: {
        tags: ['programs'],
        summary: 'A program as a calendar of weeks × weekdays',
        params: idParamsSchema,
        querystring: dateQuerySchema,
        response: { 200: programDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      programs.getProgram(app.ctx, requireViewer(request), request.params.id, request.query.date),
  );

  r.post(
    '/program/share_program',
    {
      schema: {
        tags: ['programs'],
        summary: 'Share your program with a friend (status 200 means success)',
        body: shareProgramInputSchema,
        response: { 200: shareProgramResultSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => programs.shareProgram(app.ctx, requireViewer(request), request.body),
  );

  r.post(
    '/program/:id/copy',
    {
      schema: {
        tags: ['programs'],
        summary: 'Copy a program you may see as your own, with your own copies of its workouts',
        params: idParamsSchema,
        querystring: dateQuerySchema,
        response: { 201: programDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const copy = await programs.copyProgram(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.query.date,
      );
      return reply.status(201).send(copy);
    },
  );

  r.post(
    '/program/:id/start',
    {
      schema: {
        tags: ['programs'],
        summary:
          'Start (or restart) following a program on a date; others pause unless keep_others',
        params: idParamsSchema,
        querystring: dateQuerySchema,
        // Every field is optional, so the body is too: a bare POST (no body reaches the
        // validator as null) starts it today.
        body: startProgramInputSchema.nullish(),
        response: { 200: programDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      programs.startProgram(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.body ?? {},
        request.query.date,
      ),
  );

  const actions = {
    pause: programs.pauseProgram,
    resume: programs.resumeProgram,
    leave: programs.leaveProgram,
  } as const;
  const summaries = {
    pause: 'Pause a program you follow: its days wait, not missed, until you resume',
    resume: 'Resume a paused program: its remaining days move later by the days paused',
    leave: 'Stop following a program',
  } as const;
  for (const action of ['pause', 'resume', 'leave'] as const) {
    r.post(
      `/program/:id/${action}`,
      {
        schema: {
          tags: ['programs'],
          summary: summaries[action],
          params: idParamsSchema,
          // A bare POST, without a body, reaches the validator as null.
          body: followActionInputSchema.nullish(),
          response: { 200: programDetailSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        actions[action](app.ctx, requireViewer(request), request.params.id, request.body ?? {}),
    );
  }

  r.post(
    '/program',
    {
      schema: {
        tags: ['programs'],
        summary:
          'Build a program: per day the comma-separated workout_ids and diet_ids (each id checked)',
        body: programInputSchema,
        response: { 201: programDetailSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const made = await programs.createProgram(app.ctx, requireViewer(request), request.body);
      return reply.status(201).send(made);
    },
  );

  r.put(
    '/program/:id',
    {
      schema: {
        tags: ['programs'],
        summary: 'Replace your program: its details and every day (each id checked)',
        params: idParamsSchema,
        body: programInputSchema,
        response: { 200: programDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      programs.updateProgram(app.ctx, requireViewer(request), request.params.id, request.body),
  );

  r.delete(
    '/program/:id',
    {
      schema: {
        tags: ['programs'],
        summary: 'Delete your program (its followers stop following it)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await programs.deleteProgram(app.ctx, requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
