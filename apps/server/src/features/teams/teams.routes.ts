import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import {
  attachTeamPhotoSchema,
  teamDetailSchema,
  teamInputSchema,
  teamListSchema,
  teamMemberAnswerSchema,
  teamMemberInputSchema,
  teamMemberParamsSchema,
  teamMemberSchema,
  teamMemberUpdateSchema,
  teamWorkoutsAnswerSchema,
  teamWorkoutsInputSchema,
} from '@fitcoach/shared/teams';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as teams from './teams.service';
import { sendStoredFile } from '../../lib/send-stored-file';

/**
 * Teams (issue 14, items 1–3). The spec's calls keep their shapes: `POST /api/team/users` and
 * `POST /api/team/workouts` name the team in the body. Members only: to anyone else a team
 * answers 404; players and scorers changing it get 403.
 */
export async function teamRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];

  r.get(
    '/team',
    {
      schema: {
        tags,
        summary: 'The teams you are on, newest first, with your role',
        response: { 200: teamListSchema, ...errorResponses(401) },
      },
    },
    async (request) => teams.listTeams(app.ctx, requireViewer(request)),
  );

  r.post(
    '/team',
    {
      schema: {
        tags,
        summary: 'Create a team; you are its owner',
        body: teamInputSchema,
        response: { 201: teamDetailSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const team = await teams.createTeam(app.ctx, requireViewer(request), request.body);
      return reply.status(201).send(team);
    },
  );

  r.get(
    '/team/:id',
    {
      schema: {
        tags,
        summary: 'A team you are on: details, roster and workouts (who logged each: managers)',
        params: idParamsSchema,
        response: { 200: teamDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => teams.getTeam(app.ctx, requireViewer(request), request.params.id),
  );

  r.put(
    '/team/:id',
    {
      schema: {
        tags,
        summary: "Change a team's name, sport and season (owners and coaches)",
        params: idParamsSchema,
        body: teamInputSchema,
        response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      teams.updateTeam(app.ctx, requireViewer(request), request.params.id, request.body),
  );

  r.delete(
    '/team/:id',
    {
      schema: {
        tags,
        summary: 'Delete a team (its owners)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await teams.deleteTeam(app.ctx, app.storage, requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/team/users',
    {
      schema: {
        tags,
        summary:
          'Add a member to a team, or change their row (owners and coaches); answers their name',
        body: teamMemberInputSchema,
        response: { 200: teamMemberAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => teams.addMember(app.ctx, requireViewer(request), request.body),
  );

  r.put(
    '/team/:id/users/:user_id',
    {
      schema: {
        tags,
        summary:
          "Change a member's roster row: jersey number, alias names and team role (owners and coaches; the owner role: owners)",
        params: teamMemberParamsSchema,
        body: teamMemberUpdateSchema,
        response: { 200: teamMemberSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      teams.updateMember(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.params.user_id,
        request.body,
      ),
  );

  r.delete(
    '/team/:id/users/:user_id',
    {
      schema: {
        tags,
        summary:
          'Remove a member (owners and coaches; an owner: owners), or leave a team yourself (an owner: while another owner stays)',
        params: teamMemberParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await teams.removeMember(
        app.ctx,
        requireViewer(request),
        request.params.id,
        request.params.user_id,
      );
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/team/workouts',
    {
      schema: {
        tags,
        summary:
          "Give workouts to a team (`workout_ids`), or toggle one (`workout_id`); answers the team's workouts",
        body: teamWorkoutsInputSchema,
        response: { 200: teamWorkoutsAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => teams.changeWorkouts(app.ctx, requireViewer(request), request.body),
  );

  r.put(
    '/team/:id/photo',
    {
      schema: {
        tags,
        summary: "Make an uploaded image (purpose team_photo) the team's photo",
        params: idParamsSchema,
        body: attachTeamPhotoSchema,
        response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      teams.attachPhoto(
        app.ctx,
        app.storage,
        app.storageVerifier,
        requireViewer(request),
        request.params.id,
        request.body.signed_id,
      ),
  );

  r.delete(
    '/team/:id/photo',
    {
      schema: {
        tags,
        summary: "Remove the team's photo",
        params: idParamsSchema,
        response: { 200: teamDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      teams.removePhoto(app.ctx, app.storage, requireViewer(request), request.params.id),
  );

  r.get(
    '/team/:id/photo',
    {
      schema: {
        tags,
        summary: "The team's photo (its members)",
        params: idParamsSchema,
        querystring: z.object({ v: z.string().max(20).optional() }),
        response: {
          200: z.any().describe('The image, in its own content type'),
          302: z.null().describe('To a short-lived url of the image in the bucket'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const photo = await teams.photoFor(
        app.ctx,
        app.storage,
        requireViewer(request),
        request.params.id,
      );
      return sendStoredFile(request, reply, photo, { cacheControl: 'private, no-cache' });
    },
  );
}
