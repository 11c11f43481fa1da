import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementInputSchema,
  markNotificationsReadSchema,
  notificationPageSchema,
  notificationSchema,
} from '@fitcoach/shared/notifications';
import { cursorQuery } from '@fitcoach/shared/pagination';
import { varyOnLanguage } from '../../i18n/i18n';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole, requireViewer } from '../../plugins/auth';
import { toViewer } from '../../lib/viewer';
import * as notifications from './notifications.service';

export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, with the unread count',
        querystring: z.object({
          cursor: cursorQuery.cursor,
          limit: z.coerce.number().int().min(1).max(50).default(20),
        }),
        response: { 200: notificationPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // Worded in the request's language (a workout shared with you).
      varyOnLanguage(reply);
      return notifications.listNotifications(app.ctx, requireViewer(request), request.query);
    },
  );

  r.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark your notifications seen up to an id',
        body: markNotificationsReadSchema,
        response: {
          200: z.object({ unread_count: z.number().int() }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) =>
      notifications.markRead(app.ctx, requireViewer(request), request.body.up_to_id),
  );

  r.post(
    '/notifications/announcements',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Admins: tell every member something (stored and pushed live)',
        body: announcementInputSchema,
        response: { 201: notificationSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const admin = toViewer(requireRole(request, 'admin'), request.locale);
      const created = await notifications.announce(app.ctx, admin, request.body);
      return reply.status(201).send(created);
    },
  );
}
