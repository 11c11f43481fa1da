import { Readable } from 'node:stream';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  directUploadAnswerSchema,
  directUploadInputSchema,
  directUploadQuerySchema,
  uploadLimits,
} from '@fitcoach/shared/uploads';
import { z } from 'zod';
import { text } from '../../i18n/i18n';
import { HttpError } from '../../lib/http-error';
import { waitFor } from '../../plugins/rate-limits';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as uploads from './uploads.service';

/** The disk PUT may carry the largest file any purpose allows, and no more. */
const LARGEST_UPLOAD = Math.max(...Object.values(uploadLimits).map((l) => l.maxBytes));

/** Declarations a member may make per minute. */
export const DECLARATIONS_PER_MINUTE = 30;

/** How long the disk PUT may wait for the next bytes. */
const UPLOAD_IDLE_MS = 30_000;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The Active Storage direct-upload protocol, as `@rails/activestorage`'s DirectUpload speaks it. */
export async function uploadRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/rails/active_storage/direct_uploads',
    {
      config: {
        // Each declaration may reserve up to 200 MB of disk for a day: a member gets a few a
        // minute (plenty for photos and videos chosen by hand), not an unbounded stream.
        rateLimit: {
          max: DECLARATIONS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) =>
            request.session ? `upload:${request.session.user.id}` : `upload-ip:${request.ip}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
            new HttpError(
              429,
              'rate_limited',
              text('errors:rateLimit.uploads', { wait: waitFor(Math.ceil(context.ttl / 1000)) }),
            ),
        },
      },
      schema: {
        tags: ['uploads'],
        summary: 'Declare a file (name, type, size, MD5); answers where to PUT its bytes',
        querystring: directUploadQuerySchema,
        body: directUploadInputSchema,
        response: {
          200: directUploadAnswerSchema,
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request) =>
      uploads.declareUpload(
        app.ctx,
        app.storage,
        app.storageVerifier,
        requireViewer(request),
        request.body,
        request.query.purpose,
      ),
  );

  await app.register(diskUploadRoute);
}

/**
 * Its own plugin so that the raw-body parser applies to this route alone: every other route
 * keeps parsing JSON with the default limit.
 */
async function diskUploadRoute(app: FastifyInstance) {
  // Whatever the type (the declared one is checked in the service), hand the handler the
  // body as a stream: it is never buffered. Fastify's bodyLimit only guards buffered bodies,
  // so a declared length above it is refused here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const length = Number(request.headers['content-length']);
    if (length > request.routeOptions.bodyLimit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      return;
    }
    done(null, payload);
  });

  app.withTypeProvider<ZodTypeProvider>().put(
    // A wildcard, not `:token`: the router caps named parameters at 100 characters and a
    // signed declaration is longer.
    '/rails/active_storage/disk/*',
    {
      bodyLimit: LARGEST_UPLOAD,
      // The signed token in the url authorises the request, as a presigned bucket url does.
      config: { csrf: false },
      schema: {
        tags: ['uploads'],
        summary: 'Receive a declared file’s bytes (disk storage); 204 when they match',
        params: z.object({ '*': z.string().min(1).max(2000) }),
        response: {
          204: z.null().describe('No content'),
          ...errorResponses(400, 403, 404, 409, 413, 422),
        },
      },
    },
    async (request, reply) => {
      // A body that stops arriving is given up (its partial file goes with it) rather than
      // holding a socket and a file open without end.
      // (An injected test request has no socket and no timer.)
      if (typeof request.raw.setTimeout === 'function') {
        request.raw.setTimeout(UPLOAD_IDLE_MS, () => request.raw.destroy());
      }
      try {
        await uploads.receiveDiskUpload(app.ctx, app.storage, request.params['*'], {
          contentType: header(request.headers['content-type']),
          contentMd5: header(request.headers['content-md5']),
          contentLength: header(request.headers['content-length']),
          // No body at all (no length, not chunked) skips the parser: an empty stream then.
          body: (request.body as Readable | undefined) ?? Readable.from([]),
        });
      } catch (error) {
        // Refused before the whole body arrived: the rest is not read, so the connection
        // cannot carry another request.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
      return reply.status(204).send(null);
    },
  );
}
