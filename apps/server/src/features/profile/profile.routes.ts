import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityVisibilityUpdateSchema,
  localeUpdateSchema,
  passwordChangeSchema,
  profileSchema,
  profileUpdateSchema,
} from '@fitcoach/shared/profile';
import { attachAvatarSchema } from '@fitcoach/shared/uploads';
import { z } from 'zod';
import { sendPrepared } from '../../lib/answer-cache';
import { errorResponses } from '../../lib/route-schemas';
import { requireSession, requireUser } from '../../plugins/auth';
import { limits, memberOf } from '../../plugins/rate-limits';
import * as profiles from './profile.service';

export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Your profile, weight and height in your units',
        response: { 200: profileSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await profiles.profileAnswer(app.ctx, requireUser(request))),
  );

  r.put(
    '/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update your profile (weight and height in the chosen units)',
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => profiles.updateProfile(app.ctx, requireUser(request).id, request.body),
  );

  r.put(
    '/profile/locale',
    {
      schema: {
        tags: ['profile'],
        summary: 'Choose the app’s language (null follows the browser)',
        body: localeUpdateSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await profiles.updateLocale(app.ctx, requireUser(request).id, request.body);
      return { ok: true as const };
    },
  );

  r.put(
    '/profile/activity_visibility',
    {
      schema: {
        tags: ['profile'],
        summary: 'Choose who sees your completed workouts in the feed: friends, or only you',
        body: activityVisibilityUpdateSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await profiles.updateActivityVisibility(app.ctx, requireUser(request).id, request.body);
      return { ok: true as const };
    },
  );

  r.put(
    '/profile/password',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change your password; other browsers are signed out',
        body: passwordChangeSchema,
        response: {
          200: z.object({ ok: z.literal(true) }),
          ...errorResponses(400, 401, 403, 429, 503),
        },
      },
      // Each attempt checks the current password: a stolen session cannot guess at it.
      preValidation: limits(app, [
        {
          name: 'password-change',
          max: app.config.PASSWORD_CHANGE_RATE_LIMIT,
          windowMs: 15 * 60_000,
          key: memberOf,
          message: 'errors:rateLimit.passwordChange',
        },
      ]),
    },
    async (request) => {
      const session = requireSession(request);
      await profiles.changePassword(app.ctx, session.user.id, session.id, request.body);
      return { ok: true as const };
    },
  );

  r.put(
    '/profile/avatar',
    {
      schema: {
        tags: ['profile'],
        summary: 'Make an uploaded image your photo (by its signed id); replaces the old one',
        body: attachAvatarSchema,
        response: { 200: profileSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) =>
      profiles.attachAvatar(
        app.ctx,
        app.storage,
        app.storageVerifier,
        requireUser(request).id,
        request.body.signed_id,
      ),
  );

  r.delete(
    '/profile/avatar',
    {
      schema: {
        tags: ['profile'],
        summary: 'Remove your photo',
        response: { 200: profileSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => profiles.removeAvatar(app.ctx, app.storage, requireUser(request).id),
  );
}
