import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SystemStatus } from '@fitcoach/shared/system';
import type { DatabaseKind } from '../../db/client';
import { serverRoot } from '../../lib/paths';
import type { ServiceContext } from '../../lib/service-context';
import type { StorageHealth } from '../../plugins/storage';
import * as repo from './system.repository';

/** The app's version, as its package.json says (read once: it does not change while running). */
export const appVersion: string = (
  JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { version: string }
).version;

/** What the status needs of the running app, passed by the route (services reach no plugin). */
export interface SystemProbes {
  databaseKind: DatabaseKind;
  storage: { kind: 'disk' | 's3'; health(): Promise<StorageHealth> };
  cable: { stats(): { connections: number; subscriptions: number } };
}

/**
 * How this node runs, for the admins' System tab: only kinds, states and counts, so nothing in
 * it (no address, user or password of the database, Redis or bucket) can leak a secret. Each
 * part that is down says so; the answer itself never fails for it.
 */
export async function systemStatus(
  ctx: ServiceContext,
  probes: SystemProbes,
): Promise<SystemStatus> {
  const uptime = Math.floor(process.uptime());
  const now = ctx.clock.now().getTime();
  const [database, storage] = await Promise.all([
    repo.databaseFacts(ctx.db).then(
      (facts) => ({ status: 'ok' as const, ...facts }),
      () => ({ status: 'down' as const, serverVersion: null, sizeBytes: null }),
    ),
    probes.storage.health(),
  ]);
  const link = ctx.changes.link;
  const { connections, subscriptions } = probes.cable.stats();
  return {
    version: appVersion,
    node_version: process.version,
    started_at: new Date(now - uptime * 1000).toISOString(),
    uptime_seconds: uptime,
    database: {
      engine: probes.databaseKind,
      status: database.status,
      server_version: database.serverVersion,
      size_bytes: database.sizeBytes,
    },
    redis: {
      status: link === 'local' ? 'not_configured' : link === 'ok' ? 'connected' : 'down',
    },
    storage: { backend: probes.storage.kind, status: storage },
    realtime: { connections, subscriptions },
  };
}
