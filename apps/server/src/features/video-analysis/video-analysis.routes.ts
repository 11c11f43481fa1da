import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idParamsSchema } from '@fitcoach/shared/pagination';
import {
  analysisCommentInputSchema,
  analysisInputSchema,
  attachAnalysisVideoSchema,
  reviewQueueQuerySchema,
  reviewRequestSchema,
  videoAnalysisListQuerySchema,
  videoAnalysisListSchema,
  videoAnalysisSchema,
} from '@fitcoach/shared/video-analysis';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole, requireViewer } from '../../plugins/auth';
import { limits, memberOf } from '../../plugins/rate-limits';
import { toViewer } from '../../lib/viewer';
import * as analyses from './video-analysis.service';
import { requestedRange, sendStoredFile } from '../../lib/send-stored-file';

const tags = ['video analysis'];
/** A blob's id in a file's address: a new file is a new address. */
const fileQuery = z.object({ v: z.string().max(20).optional() });

/**
 * Exercise video analysis (issue 15, items 4 and 5): the member keeps what the browser measured,
 * tied to a logged set if they like, uploads the video for a coach's review, and reads the
 * coach's comments. Videos are private: the member, the coach reviewing and admins see them.
 */
export async function videoAnalysisRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A poster being made when the app stops is waited for, not cut off mid-write.
  app.addHook('onClose', () => analyses.postersSettled());

  r.post(
    '/video_analysis',
    {
      schema: {
        tags,
        summary:
          "Keep an analysis made in the browser, optionally tied to one of the member's logged sets",
        body: analysisInputSchema,
        response: { 201: videoAnalysisSchema, ...errorResponses(400, 401, 404, 429) },
      },
      // Each analysis keeps up to a megabyte of measurements: a member gets a budget, counted
      // once the request is valid (a 400 uses none of it).
      preHandler: limits(app, [
        {
          name: 'video-analysis',
          max: app.config.VIDEO_ANALYSIS_RATE_LIMIT,
          windowMs: 60 * 60_000,
          key: memberOf,
          message: 'errors:rateLimit.videoAnalysis',
        },
      ]),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await analyses.createAnalysis(app.ctx, requireViewer(request), request.body)),
  );

  r.get(
    '/video_analysis',
    {
      schema: {
        tags,
        summary: "The member's own analyses, newest first (by exercise name or logged workout)",
        querystring: videoAnalysisListQuerySchema,
        response: { 200: videoAnalysisListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => analyses.listAnalyses(app.ctx, requireViewer(request), request.query),
  );

  r.get(
    '/video_analysis/reviews',
    {
      schema: {
        tags,
        summary:
          "Coaches: the review queue (asked of them or of any coach), or those they reviewed; admins: everyone's",
        querystring: reviewQueueQuerySchema,
        response: { 200: videoAnalysisListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = requireRole(request, 'coach', 'admin');
      return analyses.reviewQueue(app.ctx, toViewer(user, request.locale), request.query);
    },
  );

  r.get(
    '/video_analysis/:id',
    {
      schema: {
        tags,
        summary: 'One analysis with its comments (its member, the coach reviewing it, admins)',
        params: idParamsSchema,
        response: { 200: videoAnalysisSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => analyses.getAnalysis(app.ctx, requireViewer(request), request.params.id),
  );

  r.delete(
    '/video_analysis/:id',
    {
      schema: {
        tags,
        summary: 'The member deletes an analysis, with its video, poster and comments',
        params: idParamsSchema,
        response: { 204: z.null().describe('No content'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await analyses.deleteAnalysis(
        app.ctx,
        app.storage,
        requireViewer(request),
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/video_analysis/:id/video',
    {
      schema: {
        tags,
        summary:
          'The member attaches an uploaded video (purpose exercise_video, checked by its bytes); a poster follows',
        params: idParamsSchema,
        body: attachAnalysisVideoSchema,
        response: { 200: videoAnalysisSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      analyses.attachVideo(
        app.ctx,
        app.storage,
        app.storageVerifier,
        request.log,
        requireViewer(request),
        request.params.id,
        request.body.signed_id,
      ),
  );

  r.delete(
    '/video_analysis/:id/video',
    {
      schema: {
        tags,
        summary: 'The member deletes the video (and its poster); the analysis stays',
        params: idParamsSchema,
        response: { 200: videoAnalysisSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      analyses.removeVideo(app.ctx, app.storage, requireViewer(request), request.params.id),
  );

  r.get(
    '/video_analysis/:id/video',
    {
      schema: {
        tags,
        summary: 'The video (its member, the coach reviewing it, admins); answers byte ranges',
        params: idParamsSchema,
        querystring: fileQuery,
        response: {
          200: z.any().describe('The video, in its own content type'),
          206: z.any().describe('Part of the video (a Range request)'),
          302: z.null().describe('To a short-lived url of the video in the bucket'),
          304: z.null().describe('Not modified (If-None-Match names this video)'),
          ...errorResponses(400, 401, 404, 416),
        },
      },
    },
    async (request, reply) => {
      const found = await analyses.openVideo(
        app.ctx,
        app.storage,
        requireViewer(request),
        request.params.id,
        (blob) => requestedRange(request, reply, blob),
      );
      // Who may see it can change (a review taken by another coach): asked again each time.
      return sendStoredFile(request, reply, found, {
        cacheControl: 'private, no-cache',
        ranges: true,
      });
    },
  );

  r.get(
    '/video_analysis/:id/poster',
    {
      schema: {
        tags,
        summary: "The video's poster image, made by the server (whoever sees the video)",
        params: idParamsSchema,
        querystring: fileQuery,
        response: {
          200: z.any().describe('A JPEG'),
          302: z.null().describe('To a short-lived url of the image in the bucket'),
          304: z.null().describe('Not modified (If-None-Match names this image)'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const poster = await analyses.openPoster(
        app.ctx,
        app.storage,
        requireViewer(request),
        request.params.id,
      );
      return sendStoredFile(request, reply, poster, { cacheControl: 'private, no-cache' });
    },
  );

  r.post(
    '/video_analysis/:id/review',
    {
      schema: {
        tags,
        summary:
          'The member asks a coach (coach_id) or any coach (null) to review the uploaded video',
        params: idParamsSchema,
        body: reviewRequestSchema,
        response: { 200: videoAnalysisSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      analyses.requestReview(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.body.coach_id,
      ),
  );

  r.post(
    '/video_analysis/:id/comments',
    {
      schema: {
        tags,
        summary:
          'A comment at a moment of the video, by the member or the coach reviewing it (a coach’s marks it reviewed and tells the member)',
        params: idParamsSchema,
        body: analysisCommentInputSchema,
        response: { 201: videoAnalysisSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await analyses.addComment(
            app.ctx,
            requireViewer(request),
            request.params.id,
            request.body,
          ),
        ),
  );

  r.delete(
    '/video_analysis/:id/comments/:comment_id',
    {
      schema: {
        tags,
        summary: 'Its author deletes a comment',
        params: z.object({ id: idParam, comment_id: idParam }),
        response: { 200: videoAnalysisSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      analyses.deleteComment(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.params.comment_id,
      ),
  );
}
