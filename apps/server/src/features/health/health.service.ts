import type { ServiceContext } from '../../lib/service-context';

/** Redis's part of /health: present only when Redis carries changes between nodes. */
export function redisHealth(ctx: ServiceContext): { redis?: 'ok' | 'down' } {
  const link = ctx.changes.link;
  return link === 'local' ? {} : { redis: link };
}
