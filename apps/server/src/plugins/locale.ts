import type { Locale } from '@fitcoach/shared/locales';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { localeFromHeader } from '../i18n/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language to word this answer in: what `Accept-Language` asks for (the web app sends
     * the language it shows), else English.
     */
    readonly locale: Locale;
  }
}

/**
 * `request.locale`, read from the header when first asked for: most answers word nothing, and
 * an error thrown before any hook ran (a body that is not JSON) still has it.
 */
export const localePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', {
      getter(this: { headers: Record<string, string | string[] | undefined> }) {
        return localeFromHeader(this.headers['accept-language']);
      },
    });
  },
  { name: 'locale' },
);
