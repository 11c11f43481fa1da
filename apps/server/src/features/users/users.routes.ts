import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@fitcoach/shared/pagination';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as users from './users.service';
import { isNotModified, sendStoredFile, storedFileEtag } from '../../lib/send-stored-file';

/**
 * The browser keeps the photo but asks each time (a 304 by its ETag while the viewer may see
 * it): from its cache alone, a shared browser would still show it after sign-out (a 401).
 * `private` keeps shared caches from handing one member's friends' photos to anyone else.
 */
const AVATAR_CACHE = 'private, no-cache';
/**
 * A redirect to the bucket is asked for again each time too: a cached one (it used to live 60 s)
 * kept showing the photo on a shared browser after sign-out, and for a minute after a friend
 * was removed. Presigning is a local HMAC, so asking costs the server next to nothing.
 */
const REDIRECT_CACHE = 'private, no-cache';

export async function userRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/users/:id/avatar',
    {
      schema: {
        tags: ['users'],
        summary:
          'A member’s photo (the image, or a redirect to the bucket); for themselves, friends, coaches and admins',
        params: idParamsSchema,
        querystring: z.object({ v: z.string().max(20).optional() }),
        response: {
          200: z.any().describe('The image, in its own content type'),
          302: z.null().describe('To a short-lived url of the image in the bucket'),
          304: z.null().describe('Not modified'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const blob = await users.avatarFor(app.ctx, requireViewer(request), request.params.id);
      // Answered from the row alone: a 304 needs no storage call (no presigned url either).
      const etag = storedFileEtag(blob);
      if (isNotModified(request, etag)) {
        return reply
          .status(304)
          .header('etag', etag)
          .header('cache-control', AVATAR_CACHE)
          .send(null);
      }
      const download = await users.openAvatar(app.storage, blob);
      return sendStoredFile(
        request,
        reply,
        { blob, download },
        { cacheControl: AVATAR_CACHE, redirectCacheControl: REDIRECT_CACHE },
      );
    },
  );
}
