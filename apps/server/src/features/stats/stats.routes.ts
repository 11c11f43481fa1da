import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { personalStatsSchema } from '@fitcoach/shared/workout-logs';
import { varyOnLanguage } from '../../i18n/i18n';
import { errorResponses } from '../../lib/route-schemas';
import { requireViewer } from '../../plugins/auth';
import * as stats from './stats.service';

export async function statsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/stats/personal',
    {
      schema: {
        tags: ['stats'],
        summary: 'Your totals, streaks, personal records and achievements',
        response: { 200: personalStatsSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // Achievements are worded in the request's language.
      varyOnLanguage(reply);
      return stats.personalStats(app.ctx, requireViewer(request));
    },
  );
}
