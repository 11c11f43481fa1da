import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminReportPageSchema,
  adminReportSchema,
  adminReportsQuerySchema,
  createReportSchema,
  reportSchema,
  resolveReportSchema,
} from '@fitcoach/shared/reports';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole, requireViewer } from '../../plugins/auth';
import { limits, memberOf } from '../../plugins/rate-limits';
import * as reports from './reports.service';

/**
 * Members report; admins (only) read the queue and act on it. Coaches are not moderators: the
 * actions reach any member's account and content, which is an admin's power (the Users tab's),
 * so a coach is answered 403 like any member (docs/decisions/0034).
 */
export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/reports',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Report a chat message sent to you, a challenge proof you review, or a member’s profile',
        body: createReportSchema,
        response: { 201: reportSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
      // Each report lands in a person's queue: a member gets a budget, counted once the request
      // is valid (a 400 uses none of it).
      preHandler: limits(app, [
        {
          name: 'reports',
          max: app.config.REPORT_RATE_LIMIT,
          windowMs: 60 * 60_000,
          key: memberOf,
          message: 'errors:rateLimit.reports',
        },
      ]),
    },
    async (request, reply) => {
      const report = await reports.createReport(app.ctx, requireViewer(request), request.body);
      return reply.status(201).send(report);
    },
  );

  r.get(
    '/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Admins: members’ reports with what they point at; open ones oldest first, resolved newest first',
        querystring: adminReportsQuerySchema,
        response: { 200: adminReportPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return reports.listReports(app.ctx, request.query);
    },
  );

  r.post(
    '/admin/reports/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Admins: dismiss a report, remove the content, or suspend its author; settles every open report on it',
        params: idParamsSchema,
        body: resolveReportSchema,
        response: { 200: adminReportSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'admin');
      return reports.resolveReport(app.ctx, app.storage, actor.id, request.params.id, request.body);
    },
  );
}
