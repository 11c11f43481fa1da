import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_IMPORT_CSV_CHARS,
  importConfirmInputSchema,
  importConfirmResultSchema,
  importPreviewInputSchema,
  importPreviewSchema,
  invitationInfoSchema,
  invitationTokenSchema,
  inviteFriendSchema,
  inviteResultSchema,
} from '@fitcoach/shared/invitations';
import { errorResponses } from '../../lib/route-schemas';
import { requireUser } from '../../plugins/auth';
import * as invitations from './invitations.service';

/** Where the app is reached, for links in mails when PUBLIC_URL is not set. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const inviterOf = (app: FastifyInstance, request: FastifyRequest) =>
  invitations.inviterOf(app.ctx, requireUser(request).id, request.locale);

export async function invitationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/profile/invite_friend',
    {
      schema: {
        tags: ['friends'],
        summary:
          'Invite a friend by email; a member’s address gets a friend request instead (rate limited per member)',
        body: inviteFriendSchema,
        response: { 200: inviteResultSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) =>
      invitations.inviteFriend(
        app.ctx,
        await inviterOf(app, request),
        request.body,
        originOf(request),
      ),
  );

  r.get(
    '/invitations/:token',
    {
      schema: {
        tags: ['friends'],
        summary: 'Whether an invitation link still works, with what sign-up prefills',
        params: z.object({ token: invitationTokenSchema }),
        response: { 200: invitationInfoSchema, ...errorResponses(400) },
      },
    },
    async (request) => invitations.invitationInfo(app.ctx, request.params.token),
  );

  r.post(
    '/friends/import',
    {
      // The CSV arrives as JSON text: room for the largest allowed file, escaped.
      bodyLimit: MAX_IMPORT_CSV_CHARS * 2,
      schema: {
        tags: ['friends'],
        summary: 'Preview a CSV of contacts: each row as a friend, member, invitee or invalid',
        body: importPreviewInputSchema,
        response: { 200: importPreviewSchema, ...errorResponses(400, 401, 413, 422) },
      },
    },
    async (request) =>
      invitations.previewImport(app.ctx, await inviterOf(app, request), request.body.csv),
  );

  r.post(
    '/friends/import/confirm',
    {
      schema: {
        tags: ['friends'],
        summary: 'Send requests and invitations to the chosen contacts (checked again)',
        body: importConfirmInputSchema,
        response: { 200: importConfirmResultSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      invitations.confirmImport(
        app.ctx,
        await inviterOf(app, request),
        request.body,
        originOf(request),
      ),
  );
}
