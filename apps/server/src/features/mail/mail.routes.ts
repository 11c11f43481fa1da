import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMailPageSchema } from '@fitcoach/shared/invitations';
import { cursorQuery } from '@fitcoach/shared/pagination';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/auth';
import * as mail from './mail.service';

export async function mailRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/mail',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins: the mail outbox, newest first (where mail is kept without SMTP)',
        querystring: z.object({
          cursor: cursorQuery.cursor,
          limit: z.coerce.number().int().min(1).max(100).default(25),
        }),
        response: { 200: adminMailPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return mail.listOutbox(app.ctx, request.query.cursor, request.query.limit);
    },
  );
}
