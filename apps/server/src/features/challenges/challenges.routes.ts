import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  challengeDetailSchema,
  challengeInputSchema,
  challengeListQuerySchema,
  challengeListSchema,
  leaderboardSchema,
  ownSubmissionSchema,
  requirementParamsSchema,
  reviewSubmissionSchema,
  submissionListSchema,
  submissionSchema,
  submissionStatuses,
  submitRequirementSchema,
} from '@fitcoach/shared/challenges';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import { sendPrepared } from '../../lib/answer-cache';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as challenges from './challenges.service';
import { sendStoredFile } from '../../lib/send-stored-file';

/** Challenges: list, create and edit, join, submit requirements, review proofs, leaderboard. */
export async function challengeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['challenges'];

  r.get(
    '/challenge',
    {
      schema: {
        tags,
        summary: 'Challenges you can see: upcoming, active, finished, or yours (made or joined)',
        querystring: challengeListQuerySchema,
        response: { 200: challengeListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      challenges.listChallenges(app.ctx, requireViewer(request), request.query.tab),
  );

  r.post(
    '/challenge',
    {
      schema: {
        tags,
        summary:
          'Create a challenge (public: coaches and admins; team: owners and coaches of that team, admins any)',
        body: challengeInputSchema,
        response: { 201: challengeDetailSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await challenges.createChallenge(
        app.ctx,
        requireViewer(request),
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  r.get(
    '/challenge/:id',
    {
      schema: {
        tags,
        summary: 'A challenge with its requirements and your submissions',
        params: idParamsSchema,
        response: { 200: challengeDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => challenges.getChallenge(app.ctx, requireViewer(request), request.params.id),
  );

  r.put(
    '/challenge/:id',
    {
      schema: {
        tags,
        summary: 'Edit your challenge before it starts (requirements only until someone joins)',
        params: idParamsSchema,
        body: challengeInputSchema,
        response: { 200: challengeDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      challenges.updateChallenge(app.ctx, requireViewer(request), request.params.id, request.body),
  );

  r.post(
    '/challenge/:id/join',
    {
      schema: {
        tags,
        summary: 'Join an upcoming or active challenge',
        params: idParamsSchema,
        response: { 200: challengeDetailSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => challenges.joinChallenge(app.ctx, requireViewer(request), request.params.id),
  );

  r.post(
    '/challenge/:id/requirements/:requirement_id/submit',
    {
      schema: {
        tags,
        summary:
          "Submit a requirement you logged (with the proof's signed_id when it needs an upload)",
        params: requirementParamsSchema,
        body: submitRequirementSchema,
        response: { 200: ownSubmissionSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      challenges.submitRequirement(
        app.ctx,
        app.storage,
        app.storageVerifier,
        requireViewer(request),
        { id: request.params.id, requirementId: request.params.requirement_id },
        request.body,
      ),
  );

  r.get(
    '/challenge/:id/submissions',
    {
      schema: {
        tags,
        summary:
          "The challenge's submissions, pending first (its creator, coaches and admins; a team challenge's: its team's owners and coaches, coaches on the team, admins)",
        params: idParamsSchema,
        querystring: z.object({ status: z.enum(submissionStatuses).optional() }),
        response: { 200: submissionListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      challenges.listSubmissions(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.query.status ?? null,
      ),
  );

  r.post(
    '/challenge/submissions/:id/review',
    {
      schema: {
        tags,
        summary: 'Approve or reject (with a reason) a pending proof',
        params: idParamsSchema,
        body: reviewSubmissionSchema,
        response: { 200: submissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      challenges.reviewSubmission(app.ctx, requireViewer(request), request.params.id, request.body),
  );

  r.get(
    '/challenge/submissions/:id/proof',
    {
      schema: {
        tags,
        summary: "A submission's proof photo or video (its member and the challenge's reviewers)",
        params: idParamsSchema,
        response: {
          200: z.any().describe('The file, in its own content type'),
          302: z.null().describe('To a short-lived url of the file in the bucket'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const proof = await challenges.openProof(
        app.ctx,
        app.storage,
        requireViewer(request),
        request.params.id,
      );
      return sendStoredFile(request, reply, proof, { cacheControl: 'private, no-cache' });
    },
  );

  r.get(
    '/challenge/:id/leaderboard',
    {
      schema: {
        tags,
        summary: 'Most requirements completed first, then who completed them all first',
        params: idParamsSchema,
        response: { 200: leaderboardSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        await challenges.leaderboardAnswer(app.ctx, requireViewer(request), request.params.id),
      ),
  );
}
