import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatMessageInputSchema,
  chatMessagePageSchema,
  chatMessageSchema,
  chatReadInputSchema,
  chatUnreadSchema,
} from '@fitcoach/shared/chat';
import { cursorQuery, idParam } from '@fitcoach/shared/pagination';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as chat from './chat.service';

const friendParams = z.object({ friend_id: idParam });

export async function chatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/chat/unread',
    {
      schema: {
        tags: ['chat'],
        summary: 'Unread chat messages from your friends: in all and per friend',
        response: { 200: chatUnreadSchema, ...errorResponses(401) },
      },
    },
    async (request) => chat.getUnread(app.ctx, requireViewer(request)),
  );

  r.get(
    '/chat/:friend_id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'Your conversation with a friend, newest first; `before` pages back',
        params: friendParams,
        querystring: z.object({
          before: cursorQuery.cursor,
          limit: z.coerce.number().int().min(1).max(100).default(30),
        }),
        response: { 200: chatMessagePageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      chat.listMessages(app.ctx, requireViewer(request), request.params.friend_id, request.query),
  );

  r.post(
    '/chat/:friend_id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'Send a friend a message (plain text, up to 4,000 characters)',
        params: friendParams,
        body: chatMessageInputSchema,
        response: { 201: chatMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const message = await chat.sendMessage(
        app.ctx,
        requireViewer(request),
        request.params.friend_id,
        request.body.body,
      );
      return reply.status(201).send(message);
    },
  );

  r.post(
    '/chat/:friend_id/read',
    {
      schema: {
        tags: ['chat'],
        summary: 'Mark a friend’s messages to you read up to an id; answers your unread counts',
        params: friendParams,
        body: chatReadInputSchema,
        response: { 200: chatUnreadSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      chat.markRead(
        app.ctx,
        requireViewer(request),
        request.params.friend_id,
        request.body.up_to_id,
      ),
  );
}
