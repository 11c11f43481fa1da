// The baseline server of bench/workouts-api.ts: bare Fastify (the app's own version, same
// Node), no plugins, no logger. GET /bare is the target's baseline for the GET routes: what
// any Fastify JSON endpoint costs before it does any work. POST /bare is the same for a POST
// route: Fastify reads and parses the JSON body (the request has one), then answers JSON.
//
// With DATABASE_URL set it also answers GET /bare-db, a reference line (not a target): one
// primary-key lookup in workout_logs through pg (a pool of DATABASE_POOL_MAX, default 10, as
// the app's), i.e. the least a route that reads PostgreSQL once per request can cost.
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, items: [] }));
app.post('/bare', async (request) => ({ ok: true, items: [], got: typeof request.body }));

let pool = null;
if (process.env.DATABASE_URL) {
  pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_MAX ?? 10),
  });
  pool.on('error', () => {});
  const maxId = Number(
    (await pool.query('select coalesce(max(id), 1) as n from workout_logs')).rows[0].n,
  );
  app.get('/bare-db', async () => {
    const id = 1 + Math.floor(Math.random() * maxId);
    const found = await pool.query(
      'select id, user_id, performed_on from workout_logs where id = $1',
      [id],
    );
    return { ok: true, items: found.rows };
  });
}

const shutdown = () => {
  app
    .close()
    .then(() => pool?.end())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
