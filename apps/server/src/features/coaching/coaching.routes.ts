import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignProgramInputSchema,
  coachClientDetailSchema,
  coachClientListSchema,
  coachClientSchema,
  inviteClientInputSchema,
  logCommentInputSchema,
  logCommentListSchema,
  logCommentSchema,
  logCommentsQuerySchema,
  myCoachingSchema,
} from '@fitcoach/shared/coaching';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import { vm } from '@fitcoach/shared/validation-messages';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as coaching from './coaching.service';

/** The member's own date (YYYY-MM-DD): adherence is counted to it. */
const dateQuerySchema = z.object({ date: z.iso.date(vm('dateFormat')).optional() });

/**
 * Coaching: a coach's clients (invite, detail, assign a program, end), the member's coaches and
 * invitations (accept, decline, end), and comments on workout logs between the two.
 */
export async function coachingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/coach/clients',
    {
      schema: {
        tags: ['coaching'],
        summary: 'Your clients (coaches and admins): status, program, adherence and last logs',
        querystring: dateQuerySchema,
        response: { 200: coachClientListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => coaching.listClients(app.ctx, requireViewer(request), request.query.date),
  );

  r.post(
    '/coach/clients',
    {
      schema: {
        tags: ['coaching'],
        summary: 'Invite a member to be your client (coaches and admins); they are told live',
        body: inviteClientInputSchema,
        response: { 201: coachClientSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const made = await coaching.inviteClient(
        app.ctx,
        requireViewer(request),
        request.body.user_id,
      );
      return reply.status(201).send(made);
    },
  );

  r.get(
    '/coach/clients/:id',
    {
      schema: {
        tags: ['coaching'],
        summary: "An active client's program, weekly adherence and recent logs with comments",
        params: idParamsSchema,
        querystring: dateQuerySchema,
        response: { 200: coachClientDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      coaching.getClient(app.ctx, requireViewer(request), request.params.id, request.query.date),
  );

  r.post(
    '/coach/clients/:id/assign',
    {
      schema: {
        tags: ['coaching'],
        summary:
          'Start your own or a library program for an active client (their running one pauses)',
        params: idParamsSchema,
        querystring: dateQuerySchema,
        body: assignProgramInputSchema,
        response: { 200: coachClientDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      coaching.assignProgram(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.body,
        request.query.date,
      ),
  );

  r.delete(
    '/coach/clients/:id',
    {
      schema: {
        tags: ['coaching'],
        summary: 'End coaching (either side), or withdraw an invitation (the coach)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await coaching.endCoaching(app.ctx, requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/coach/mine',
    {
      schema: {
        tags: ['coaching'],
        summary: 'Who coaches you, and coaching invitations waiting for your answer',
        response: { 200: myCoachingSchema, ...errorResponses(401) },
      },
    },
    async (request) => coaching.myCoaching(app.ctx, requireViewer(request)),
  );

  for (const action of ['accept', 'decline'] as const) {
    r.post(
      `/coach/invitations/:id/${action}`,
      {
        schema: {
          tags: ['coaching'],
          summary:
            action === 'accept'
              ? 'Accept a coaching invitation sent to you'
              : 'Decline a coaching invitation sent to you',
          params: idParamsSchema,
          response: { 200: myCoachingSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        action === 'accept'
          ? coaching.acceptInvitation(app.ctx, requireViewer(request), request.params.id)
          : coaching.declineInvitation(app.ctx, requireViewer(request), request.params.id),
    );
  }

  r.get(
    '/coach/log_comments',
    {
      schema: {
        tags: ['coaching'],
        summary: 'Comments on your own logs among log_ids (comma-separated, up to 100)',
        querystring: logCommentsQuerySchema,
        response: { 200: logCommentListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      coaching.commentsOnMyLogs(app.ctx, requireViewer(request), request.query.log_ids),
  );

  r.get(
    '/workout_log/:id/comments',
    {
      schema: {
        tags: ['coaching'],
        summary: "A log's comments (its owner and their active coaches), oldest first",
        params: idParamsSchema,
        response: { 200: logCommentListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => coaching.listLogComments(app.ctx, requireViewer(request), request.params.id),
  );

  r.post(
    '/workout_log/:id/comments',
    {
      schema: {
        tags: ['coaching'],
        summary: 'Comment on a log (its owner or their active coach); the other side is told',
        params: idParamsSchema,
        body: logCommentInputSchema,
        response: { 201: logCommentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const made = await coaching.addLogComment(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.body.body,
      );
      return reply.status(201).send(made);
    },
  );
}
