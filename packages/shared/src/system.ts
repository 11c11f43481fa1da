import { z } from 'zod';

/**
 * `GET /api/admin/system`: how this installation runs, for its admins. Names and states only:
 * never an address, user name or password of the database, Redis or the bucket.
 */
export const systemStatusSchema = z.object({
  /** The app's version (its package.json) and the Node.js running it. */
  version: z.string(),
  node_version: z.string(),
  /** When this node started, and for how many whole seconds it has run. */
  started_at: z.string(),
  uptime_seconds: z.number().int(),
  database: z.object({
    /** `embedded`: the PostgreSQL FitCoach runs itself in DATA_DIR; `postgres`: DATABASE_URL. */
    engine: z.enum(['embedded', 'postgres']),
    status: z.enum(['ok', 'down']),
    /** PostgreSQL's own version string (e.g. "18.1"), or null while it is down. */
    server_version: z.string().nullable(),
    /** pg_database_size of the app's database, in bytes; null while it is down. */
    size_bytes: z.number().int().nullable(),
  }),
  redis: z.object({
    /** `not_configured`: no REDIS_URL, each node on its own; otherwise the link's state. */
    status: z.enum(['not_configured', 'connected', 'down']),
  }),
  storage: z.object({
    backend: z.enum(['disk', 's3']),
    status: z.enum(['ok', 'down']),
  }),
  /** Open /cable sockets and their subscriptions, on the node that answered. */
  realtime: z.object({
    connections: z.number().int(),
    subscriptions: z.number().int(),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
