import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMailPageSchema } from '@fitcoach/shared/invitations';
import { cursorQuery } from '@fitcoach/shared/pagination';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole } from '../../plugins/auth';
import * as mail from './mail.service';

const outboxQuery = z.object({
  cursor: cursorQuery.cursor,
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export async function mailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // `/admin/outbox` is the admin lists' name for it (issue 14); `/admin/mail`, its first
  // address, keeps answering the same for scripts and bookmarks that use it.
  for (const url of ['/admin/outbox', '/admin/mail']) {
    r.get(
      url,
      {
        schema: {
          tags: ['admin'],
          summary:
            url === '/admin/outbox'
              ? 'Admins: the mail outbox, newest first (where mail is kept without SMTP)'
              : 'Admins: the mail outbox (the same as /api/admin/outbox, its former address)',
          querystring: outboxQuery,
          response: { 200: adminMailPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        requireRole(request, 'admin');
        return mail.listOutbox(app.ctx, request.query.cursor, request.query.limit);
      },
    );
  }
}
