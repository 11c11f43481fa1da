import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addFriendInputSchema,
  friendsOverviewSchema,
  memberSearchPageSchema,
  memberSearchQuerySchema,
  relationshipResultSchema,
} from '@fitcoach/shared/friends';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import { sendPrepared } from '../../lib/answer-cache';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as friends from './friends.service';

/** Friends, requests and blocks; `:id` is always the other member's id. */
export async function friendRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/friends',
    {
      schema: {
        tags: ['friends'],
        summary: 'Your friends, requests received and sent, and the members you blocked',
        response: { 200: friendsOverviewSchema, ...errorResponses(401) },
      },
    },
    async (request) => friends.overview(app.ctx, requireViewer(request).id),
  );

  r.post(
    '/profile/add_friend',
    {
      schema: {
        tags: ['friends'],
        summary: 'Ask a member to be friends (accepts their request if they already asked you)',
        body: addFriendInputSchema,
        response: { 200: relationshipResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => friends.addFriend(app.ctx, requireViewer(request), request.body.friend_id),
  );

  r.post(
    '/friends/:id/accept',
    {
      schema: {
        tags: ['friends'],
        summary: 'Accept the friend request this member sent you',
        params: idParamsSchema,
        response: { 200: relationshipResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => friends.acceptRequest(app.ctx, requireViewer(request), request.params.id),
  );

  r.post(
    '/friends/:id/decline',
    {
      schema: {
        tags: ['friends'],
        summary: 'Decline the friend request this member sent you',
        params: idParamsSchema,
        response: { 200: relationshipResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => friends.declineRequest(app.ctx, requireViewer(request), request.params.id),
  );

  r.delete(
    '/friends/:id',
    {
      schema: {
        tags: ['friends'],
        summary: 'Remove a friend, or cancel the request you sent them',
        params: idParamsSchema,
        response: { 200: relationshipResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => friends.removeFriend(app.ctx, requireViewer(request), request.params.id),
  );

  r.post(
    '/friends/:id/block',
    {
      schema: {
        tags: ['friends'],
        summary: 'Block a member: ends any friendship or request, both ways',
        params: idParamsSchema,
        response: { 200: relationshipResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => friends.blockMember(app.ctx, requireViewer(request), request.params.id),
  );

  r.delete(
    '/friends/:id/block',
    {
      schema: {
        tags: ['friends'],
        summary: 'Lift the block you set on a member',
        params: idParamsSchema,
        response: { 200: relationshipResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => friends.unblockMember(app.ctx, requireViewer(request), request.params.id),
  );

  r.get(
    '/members/search',
    {
      schema: {
        tags: ['friends'],
        summary:
          'Find members by any part of their name or their exact email (scope=friends: your friends)',
        querystring: memberSearchQuerySchema,
        response: { 200: memberSearchPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        await friends.searchAnswer(app.ctx, requireViewer(request), request.query),
      ),
  );
}
