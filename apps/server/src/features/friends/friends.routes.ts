import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { friendListSchema } from '@fitcoach/shared/friends';
import { errorResponses } from '../../lib/route-schemas';
import { requireUser } from '../../plugins/auth';
import * as friends from './friends.service';

export async function friendRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/friends',
    {
      schema: {
        tags: ['friends'],
        summary: 'Your friends (members who accepted each other), by name',
        response: { 200: friendListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await friends.listFriends(app.ctx, requireUser(request).id) }),
  );
}
