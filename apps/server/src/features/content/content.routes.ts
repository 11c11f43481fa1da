import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminExercisePageSchema,
  adminExerciseSchema,
  adminFoodPageSchema,
  adminFoodSchema,
  adminPersonaPageSchema,
  adminPersonaSchema,
  adminTagPageSchema,
  adminTagSchema,
  adminWorkoutPageSchema,
  adminWorkoutSchema,
  attachDemoVideoSchema,
  contentListQuerySchema,
  copyToLibraryInputSchema,
  exerciseInputSchema,
  foodInputSchema,
  personaInputSchema,
  removalSchema,
  tagInputSchema,
  type ContentKind,
} from '@fitcoach/shared/content';
import { exerciseDetailSchema } from '@fitcoach/shared/exercises';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import { workoutInputSchema } from '@fitcoach/shared/workouts';
import { z } from 'zod';
import type { Locale } from '@fitcoach/shared/locales';
import type { UserRow } from '../../db/schema/accounts';
import { errorResponses } from '../../lib/route-schemas';
import { requireRole, requireUser } from '../../plugins/auth';
import { toViewer } from '../../lib/viewer';
import * as content from './content.service';
import { requestedRange, sendStoredFile } from '../../lib/send-stored-file';

const tags = ['admin'];

/**
 * The admin area's Content tab: exercises, library workouts, foods, trainer personas and tags.
 * Admins only (403 to anyone else, as the rest of `/api/admin`); the one thing coaches may do is
 * an exercise's demo video (`/api/exercise/:id/video`), which every member may play.
 */
export async function contentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** List, read, retire, restore and remove: the same for every kind. */
  function managed<K extends ContentKind>(kind: K, item: z.ZodType, page: z.ZodType, what: string) {
    const base = `/admin/content/${kind}`;
    api.get(
      base,
      {
        schema: {
          tags,
          summary: `Admins: ${what}, by name, a page at a time (search, active or retired)`,
          querystring: contentListQuerySchema,
          response: { 200: page, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        requireRole(request, 'admin');
        return content.list[kind](app.ctx, request.query);
      },
    );
    api.get(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Admins: one of the ${what}`,
          params: idParamsSchema,
          response: { 200: item, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        requireRole(request, 'admin');
        return content.getItem(app.ctx, kind, request.params.id);
      },
    );
    for (const [action, retired] of [
      ['retire', true],
      ['restore', false],
    ] as const) {
      api.post(
        `${base}/:id/${action}`,
        {
          schema: {
            tags,
            summary: retired
              ? `Admins: retire one of the ${what} (gone from members' pickers, kept where used)`
              : `Admins: bring a retired one of the ${what} back`,
            params: idParamsSchema,
            response: { 200: item, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => {
          const actor = requireRole(request, 'admin');
          return content.setRetired(app.ctx, actor.id, kind, request.params.id, retired);
        },
      );
    }
    api.delete(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Admins: delete one of the ${what} nothing uses; one something uses is retired instead`,
          params: idParamsSchema,
          response: { 200: removalSchema(item), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const actor = requireRole(request, 'admin');
        return content.removeItem(app.ctx, app.storage, actor.id, kind, request.params.id);
      },
    );
  }

  /** Create and edit, with the kind's own input schema. */
  function writable<I extends z.ZodType>(
    kind: ContentKind,
    input: I,
    item: z.ZodType,
    what: string,
    write: {
      create: (actor: UserRow, body: z.output<I>, locale: Locale) => Promise<unknown>;
      update: (actor: UserRow, id: number, body: z.output<I>, locale: Locale) => Promise<unknown>;
    },
  ) {
    const base = `/admin/content/${kind}`;
    api.post(
      base,
      {
        schema: {
          tags,
          summary: `Admins: add one of the ${what}`,
          body: input,
          response: { 201: item, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply: FastifyReply) => {
        const actor = requireRole(request, 'admin');
        const created = await write.create(actor, request.body as z.output<I>, request.locale);
        return reply.status(201).send(created);
      },
    );
    api.put(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Admins: change one of the ${what}`,
          params: idParamsSchema,
          body: input,
          response: { 200: item, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const actor = requireRole(request, 'admin');
        return write.update(actor, request.params.id, request.body as z.output<I>, request.locale);
      },
    );
  }

  managed('exercises', adminExerciseSchema, adminExercisePageSchema, 'exercises');
  managed('foods', adminFoodSchema, adminFoodPageSchema, 'foods');
  managed('personas', adminPersonaSchema, adminPersonaPageSchema, 'trainer personas');
  managed('tags', adminTagSchema, adminTagPageSchema, 'tags');
  managed('workouts', adminWorkoutSchema, adminWorkoutPageSchema, 'library workouts');

  writable('exercises', exerciseInputSchema, adminExerciseSchema, 'exercises', {
    create: (actor, body) => content.createExercise(app.ctx, actor.id, body),
    update: (actor, id, body) => content.updateExercise(app.ctx, actor.id, id, body),
  });
  writable('foods', foodInputSchema, adminFoodSchema, 'foods', {
    create: (actor, body) => content.createFood(app.ctx, actor.id, body),
    update: (actor, id, body) => content.updateFood(app.ctx, actor.id, id, body),
  });
  writable('personas', personaInputSchema, adminPersonaSchema, 'trainer personas', {
    create: (actor, body) => content.createPersona(app.ctx, actor.id, body),
    update: (actor, id, body) => content.updatePersona(app.ctx, actor.id, id, body),
  });
  writable('tags', tagInputSchema, adminTagSchema, 'tags', {
    create: (actor, body) => content.createTag(app.ctx, actor.id, body),
    update: (actor, id, body) => content.updateTag(app.ctx, actor.id, id, body),
  });
  writable('workouts', workoutInputSchema, adminWorkoutSchema, 'library workouts', {
    create: (actor, body, locale) =>
      content.createLibraryWorkout(app.ctx, toViewer(actor, locale), body),
    update: (actor, id, body, locale) =>
      content.updateLibraryWorkout(app.ctx, toViewer(actor, locale), id, body),
  });

  api.post(
    '/admin/content/workouts/copy',
    {
      schema: {
        tags,
        summary: 'Admins: copy a workout they can open into the library (a builder-made one)',
        body: copyToLibraryInputSchema,
        response: { 201: adminWorkoutSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = requireRole(request, 'admin');
      const created = await content.copyToLibrary(
        app.ctx,
        toViewer(actor, request.locale),
        request.body.workout_id,
      );
      return reply.status(201).send(created);
    },
  );

  api.put(
    '/exercise/:id/video',
    {
      schema: {
        tags: ['exercises'],
        summary:
          "Coaches and admins: make an uploaded video (purpose exercise_demo) the exercise's demo",
        params: idParamsSchema,
        body: attachDemoVideoSchema,
        response: { 200: exerciseDetailSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'coach', 'admin');
      return content.attachDemoVideo(
        app.ctx,
        app.storage,
        app.storageVerifier,
        toViewer(actor, request.locale),
        request.params.id,
        request.body.signed_id,
      );
    },
  );

  api.delete(
    '/exercise/:id/video',
    {
      schema: {
        tags: ['exercises'],
        summary: "Coaches and admins: remove the exercise's demo video",
        params: idParamsSchema,
        response: { 200: exerciseDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = requireRole(request, 'coach', 'admin');
      return content.removeDemoVideo(
        app.ctx,
        app.storage,
        toViewer(actor, request.locale),
        request.params.id,
      );
    },
  );

  api.get(
    '/exercise/:id/video',
    {
      schema: {
        tags: ['exercises'],
        summary: "The exercise's demo video (any signed-in member); answers byte ranges",
        params: idParamsSchema,
        querystring: z.object({ v: z.string().max(20).optional() }),
        response: {
          200: z.any().describe('The video, in its own content type'),
          206: z.any().describe('Part of the video (a Range request)'),
          302: z.null().describe('To a short-lived url of the video in the bucket'),
          304: z.null().describe('Not modified (If-None-Match names this video)'),
          ...errorResponses(400, 401, 404, 416),
        },
      },
    },
    async (request, reply) => {
      requireUser(request);
      const id = request.params.id;
      const found = await content.demoVideoBlob(app.ctx, id);
      const range = found ? requestedRange(request, reply, found) : null;
      const { blob, download } = await content.demoVideoFor(
        app.ctx,
        app.storage,
        id,
        range ?? undefined,
      );
      // The address carries the blob id (`?v=`): a new video is a new address.
      return sendStoredFile(
        request,
        reply,
        { blob, download, range },
        { cacheControl: 'private, max-age=3600', ranges: true },
      );
    },
  );
}
