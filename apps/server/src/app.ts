import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database, DatabaseHandle } from './db/client';
import { achievementRoutes } from './features/achievements/achievements.routes';
import { authRoutes } from './features/auth/auth.routes';
import { exerciseRoutes } from './features/exercises/exercises.routes';
import { friendRoutes } from './features/friends/friends.routes';
import { guidedRoutes } from './features/guided/guided.routes';
import { healthRoutes } from './features/health/health.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { workoutLogRoutes } from './features/workout-logs/workout-logs.routes';
import { workoutRoutes } from './features/workouts/workouts.routes';
import { authPlugin } from './plugins/auth';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbHandle: DatabaseHandle;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  sessionSecret: string;
  logger?: FastifyServerOptions['logger'];
}

/** Headers that carry credentials never reach the logs. */
export const logRedactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.TRUST_PROXY,
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbHandle', database);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  // Phones on gym Wi-Fi: gzip/brotli for the app bundle and JSON alike.
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin);
  await app.register(csrfPlugin, { secret: options.sessionSecret });
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(achievementRoutes);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(exerciseRoutes);
      await api.register(workoutRoutes);
      await api.register(workoutLogRoutes);
      await api.register(guidedRoutes);
      await api.register(statsRoutes);
      await api.register(friendRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR });
  return app;
}
