// The workouts benchmark's data set, on a real PostgreSQL: 10,000 members and 1,000,000
// workout logs (≈3 M logged exercises, ≈9 M sets) over the last two years, with the records
// and running totals the app keeps beside them.
//
//   npx tsx bench/workouts-data.ts            drop and regenerate `fitcoach_bench`
//   npx tsx bench/workouts-data.ts --reuse    keep it when it already holds this data set
//   --users=N --logs=N                        a smaller (or larger) set, e.g. to try things out
//                                             (or BENCH_USERS / BENCH_LOGS, also for the API
//                                             benchmark)
//
// BENCH_DATABASE_URL picks the server and database (default
// postgres://postgres@127.0.0.1:5432/fitcoach_bench); the database is created from the
// server's `postgres` database when missing. The schema and reference data (exercises, library
// workouts) are the app's own: its migrations and seed run first. Everything after that is
// set-based SQL (generate_series, INSERT … SELECT) in one transaction, so an interrupted run
// leaves no half data set behind; a row in app_meta (key `bench_data`) marks a finished one.
//
// How the rows look:
// - members: `bench-00001@bench.fitcoach.test` … all with the password `bench-password` (one
//   real argon2id hash, computed once); every 20th member (row number ≡ 7 mod 20) is a heavy
//   user with 6–10× the typical weight (≈440–740 logs against 37–110; 5 % of members, ≈30 %
//   of logs).
// - logs: performed on a random day of the last 730; ids follow the date, as they would in an
//   app that has been in use for two years (one member's logs are scattered over the table,
//   not side by side). 80 % from a library workout, 5 % guided, 15 % manual.
// - each log: 2–4 exercises from the member's own pool of 12 rep-based exercises (9 with
//   weights, 3 bodyweight), 3 sets each, weights that grow over the two years; volume, best
//   weight, max reps and best Epley 1RM precomputed per exercise and totals per log, as the
//   app's logging does.
// - personal_records and training_stats (totals, day and week streaks) from SQL aggregates
//   over the generated rows, with the same rules as the app (records: max per exercise,
//   achieved_on the last day trained; streaks: consecutive days/ISO weeks ending at the last).
// - no user_achievements, sessions, likes or guided sessions.
//
// The load runs with synchronous_commit off and session_replication_role = replica (foreign
// key triggers off while the rows go in; every reference is checked with anti-joins before the
// commit), then VACUUM (ANALYZE), as autovacuum would have left a table of this age.
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { mealPreferences, workoutGoals } from '@fitcoach/shared/profile';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed/seed';

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_EMAIL_DOMAIN = 'bench.fitcoach.test';
export const DEFAULT_USERS = 10_000;
export const DEFAULT_LOGS = 1_000_000;
const MARKER_KEY = 'bench_data';
/** Bumped whenever the generator changes what it makes, so that `--reuse` regenerates. */
const GENERATOR_VERSION = 2;
/** Exercises in each member's pool. */
const POOL = 12;
/** Of which with weights (the rest bodyweight). */
const WEIGHTED_SLOTS = 9;
const DAYS = 730;

export function benchDatabaseUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fitcoach_bench';
}

export function benchEmail(n: number): string {
  return `bench-${String(n).padStart(5, '0')}@${BENCH_EMAIL_DOMAIN}`;
}

export interface BenchDataOptions {
  /** Keep the database when its marker says it holds this data set. */
  reuse: boolean;
  users?: number;
  logs?: number;
  log?: (line: string) => void;
}

export interface BenchDataInfo {
  url: string;
  generated: boolean;
  users: number;
  logs: number;
  seconds: number;
}

function adminUrl(url: string): { admin: string; name: string } {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`BENCH_DATABASE_URL names no database: ${url}`);
  u.pathname = '/postgres';
  return { admin: u.toString(), name };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function markerOf(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return null; // no such database
  }
  try {
    const found = await client.query<{ value: string }>(
      `select value from app_meta where key = $1`,
      [MARKER_KEY],
    );
    return found.rows[0]?.value ?? null;
  } catch {
    return null; // no schema yet
  } finally {
    await client.end();
  }
}

/** The full data set takes a few GB (≈2.5 GB plus WAL while loading): warn when that is tight. */
async function checkDiskSpace(client: pg.ClientBase, log: (line: string) => void) {
  try {
    const dir = (await client.query<{ d: string }>(`select current_setting('data_directory') as d`))
      .rows[0]?.d;
    if (!dir) return;
    const fs = await statfs(dir);
    const freeGb = (fs.bavail * fs.bsize) / 1024 ** 3;
    log(`  free space for PostgreSQL's data (${dir}): ${freeGb.toFixed(0)} GB`);
    if (freeGb < 10) log('  warning: less than 10 GB free; the full data set needs a few GB');
  } catch {
    // A remote server, or no permission to read data_directory: nothing to check.
  }
}

async function recreateDatabase(url: string, log: (line: string) => void): Promise<void> {
  const { admin, name } = adminUrl(url);
  // It is dropped wholesale: make sure it is a benchmark database, not someone's data.
  if (!/bench/i.test(name)) {
    throw new Error(`refusing to drop "${name}": the benchmark database's name must say bench`);
  }
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await checkDiskSpace(client, log);
    await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    await client.query(`create database ${quoteIdent(name)}`);
  } finally {
    await client.end();
  }
}

/** The app's migrations and reference seed (no demo members), through the app's own code. */
async function migrateAndSeed(url: string): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url, poolMax: 2 });
  try {
    await runMigrations(handle);
    await seedDatabase(handle.db, { demo: false });
  } finally {
    await handle.close();
  }
}

/** Epley, as `epleyOneRepMax` in @fitcoach/shared: w × (1 + r/30); 1 rep → w; nothing → 0. */
function epley(w: string, r: string): string {
  return `(case when ${w} <= 0 or ${r} <= 0 then 0::float8 when ${r} = 1 then ${w}
    else ${w} * (1 + ${r}::float8 / 30) end)`;
}

/**
 * Rebuilds personal_records and training_stats of these members from their logs (all members
 * when `userIds` is null). The generator uses it once; the API benchmark after it has deleted
 * the logs it wrote, so a run leaves the data set as it found it.
 */
export async function rebuildMemberAggregates(
  client: pg.ClientBase,
  userIds: number[] | null,
): Promise<void> {
  const only = (column: string) => (userIds ? `where ${column} = any($1::int[])` : '');
  const params = userIds ? [userIds] : [];
  await client.query(`delete from personal_records ${only('user_id')}`, params);
  await client.query(
    `insert into personal_records
       (user_id, exercise_id, heaviest_weight_kg, most_reps, best_one_rep_max_kg, achieved_on)
     select user_id, exercise_id, max(best_weight_kg), max(max_reps), max(best_one_rep_max_kg),
            max(performed_on)
     from workout_log_exercises ${only('user_id')}
     group by user_id, exercise_id`,
    params,
  );
  await client.query(`delete from training_stats ${only('user_id')}`, params);
  // Streaks as features/achievements/streaks.ts counts them: the run of consecutive days (ISO
  // weeks, Monday-based) that ends at the most recent one, and the longest run of days.
  await client.query(
    `with days as (
       select distinct user_id, performed_on - date '1970-01-01' as d
       from workout_logs ${only('user_id')}
     ),
     day_runs as (
       select user_id, count(*) as len, max(d) as last_d
       from (select user_id, d, d - row_number() over (partition by user_id order by d) as grp
             from days) x
       group by user_id, grp
     ),
     day_streaks as (
       select user_id, max(len) as longest, (array_agg(len order by last_d desc))[1] as cur
       from day_runs group by user_id
     ),
     weeks as (select distinct user_id, (d + 3) / 7 as w from days),
     week_runs as (
       select user_id, count(*) as len, max(w) as last_w
       from (select user_id, w, w - row_number() over (partition by user_id order by w) as grp
             from weeks) x
       group by user_id, grp
     ),
     week_streaks as (
       select user_id, (array_agg(len order by last_w desc))[1] as cur
       from week_runs group by user_id
     ),
     totals as (
       select user_id, count(*) as n, sum(total_volume_kg) as volume, sum(total_reps) as reps,
              coalesce(sum(duration_seconds), 0) as seconds, max(performed_on) as last_on
       from workout_logs ${only('user_id')}
       group by user_id
     )
     insert into training_stats
       (user_id, total_workouts, total_volume_kg, total_reps, total_seconds, streak_days,
        longest_streak_days, streak_weeks, last_workout_on)
     select t.user_id, t.n, t.volume, t.reps, t.seconds, ds.cur, ds.longest, ws.cur,
            t.last_on
     from totals t
     join day_streaks ds using (user_id)
     join week_streaks ws using (user_id)`,
    params,
  );
}

async function generate(
  url: string,
  users: number,
  logs: number,
  log: (line: string) => void,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const result = await client.query(sql, params);
    const rows =
      result.fields.length === 0 && result.rowCount !== null ? ` ${result.rowCount} rows,` : '';
    log(`  ${label}:${rows} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return result;
  };
  try {
    // Load-session settings only: nothing of this outlives the connection.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`set temp_buffers = '512MB'`);
    // One process, one plan order: with setseed, the same data set every time.
    await client.query(`set max_parallel_workers_per_gather = 0`);
    await client.query(`set session_replication_role = replica`);
    await client.query('begin');
    await client.query(`select setseed(0.4242)`);

    const t0 = performance.now();
    const passwordHash = await hash(BENCH_PASSWORD);
    log(`  argon2 hash of the shared password: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    await step(
      'users',
      `insert into users (name, email, password_hash, role, gender, birth_date, measurement_type,
                          weight_kg, height_cm, workout_goal, sport_type, meal_preference,
                          created_at, updated_at)
       select format('Bench Member %s', lpad(g::text, 5, '0')),
              format('bench-%s@${BENCH_EMAIL_DOMAIN}', lpad(g::text, 5, '0')),
              $1, 'member',
              (array['male', 'female', 'male', 'female', 'other'])[1 + g % 5],
              date '1965-01-01' + (random() * 14000)::int,
              case when g % 10 = 3 then 'imperial' else 'metric' end,
              round((50 + random() * 60)::numeric, 1)::float8,
              round((150 + random() * 50)::numeric, 1)::float8,
              ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int],
              null,
              ($3::text[])[1 + floor(random() * cardinality($3::text[]))::int],
              now() - interval '${DAYS + 30} days' + random() * interval '30 days',
              now() - random() * interval '30 days'
       from generate_series(1, $4::int) g
       order by g`,
      [passwordHash, workoutGoals, mealPreferences, users],
    );

    // Members: log counts summing to exactly `logs` (largest remainder), a strength factor.
    await step(
      'plan: members',
      `create temp table bu on commit drop as
       with u as (
         select id, row_number() over (order by id) as rn
         from users where email like '%@${BENCH_EMAIL_DOMAIN}'
       ),
       w as (
         select id, rn % 20 = 7 as heavy,
                case when rn % 20 = 7 then 6 + 4 * random() else 0.5 + random() end as w,
                0.6 + random() * 0.8 as strength
         from u
       ),
       q as (select *, $1::bigint * w / sum(w) over () as exact from w),
       f as (select *, floor(exact)::int as base from q),
       r as (
         select *, row_number() over (order by exact - base desc, id) as frank,
                $1::bigint - sum(base) over () as remainder
         from f
       )
       select id as user_id, heavy, strength,
              base + case when frank <= remainder then 1 else 0 end as n
       from r`,
      [logs],
    );

    // Rep-based exercises with a typical working weight by equipment (0 = bodyweight).
    // Rep-based exercises with a typical working weight by equipment (0 = bodyweight), numbered
    // within each of the two kinds.
    await step(
      'plan: exercises',
      `create temp table bx on commit drop as
       select row_number() over (partition by base_kg > 0 order by exercise_id) as k, exercise_id,
              base_kg, base_kg > 0 as weighted
       from (
         select id as exercise_id,
                case when equipment && array['barbell', 'trap_bar', 'landmine'] then 60
                     when equipment && array['machine', 'cable'] then 40
                     when equipment && array['ez_bar'] then 30
                     when equipment && array['dumbbell', 'kettlebell'] then 16
                     when equipment && array['medicine_ball', 'sled'] then 8
                     else 0 end::float8 as base_kg
         from exercises where kind = 'reps'
       ) x`,
    );
    const kinds = await client.query<{ weighted: boolean; n: string }>(
      `select weighted, count(*) as n from bx group by weighted`,
    );
    const nWeighted = Number(kinds.rows.find((r) => r.weighted)?.n ?? 0);
    const nBodyweight = Number(kinds.rows.find((r) => !r.weighted)?.n ?? 0);
    if (nWeighted < WEIGHTED_SLOTS || nBodyweight < POOL - WEIGHTED_SLOTS) {
      throw new Error(`the seed has too few rep-based exercises (${nWeighted} + ${nBodyweight})`);
    }
    // A stride that shares no factor with the catalogue's size spreads a pool over it and keeps
    // its ids distinct.
    const stride = (n: number) => [13, 11, 7, 1].find((s) => n % s !== 0) ?? 1;
    await step(
      'plan: member exercise pools',
      `create temp table bup on commit drop as
       select u.user_id, s.slot, x.exercise_id, x.base_kg * u.strength as base_kg
       from bu u
       cross join generate_series(0, ${POOL - 1}) s(slot)
       join bx x
         on (s.slot < ${WEIGHTED_SLOTS} and x.weighted
             and x.k = 1 + (u.user_id * 37 + s.slot * ${stride(nWeighted)}) % ${nWeighted})
         or (s.slot >= ${WEIGHTED_SLOTS} and not x.weighted
             and x.k = 1 + (u.user_id * 37 + s.slot * ${stride(nBodyweight)}) % ${nBodyweight})`,
    );
    await client.query(`create index on bup (user_id, slot)`);

    await step(
      'plan: library workouts',
      `create temp table bw on commit drop as
       select row_number() over (order by id) as k, id, title
       from workouts where is_public and owner_id is null`,
    );
    const nw = Number(
      (await client.query<{ n: string }>(`select count(*) as n from bw`)).rows[0]?.n ?? 0,
    );
    if (nw === 0) throw new Error('the seed has no library workouts');

    // Logs, numbered in date order; ex_offset numbers their exercises contiguously.
    await step(
      'plan: logs',
      `create temp table bl on commit drop as
       with d as (
         select u.user_id, current_date - (random() * ${DAYS})::int as performed_on,
                random() as tie, 2 + floor(random() * 3)::int as n_ex,
                floor(random() * ${POOL})::int as start_slot, random() as source_r,
                1 + floor(random() * ${nw})::int as wk,
                1200 + floor(random() * 3600)::int as duration_seconds,
                2 + floor(random() * 4)::int as energy_level,
                1 + floor(random() * 5)::int as sleep_quality,
                random() as like_r, random() as time_r
         from bu u cross join lateral generate_series(1, u.n) g
       ),
       o as (select row_number() over (order by performed_on, tie) as id, d.* from d)
       select o.*, sum(n_ex) over (order by id) - n_ex as ex_offset from o`,
    );

    // Each logged exercise: a working weight that grows over the two years, three sets of
    // reps (a heavy single/double/triple now and then), last set sometimes lighter.
    await step(
      'plan: logged exercises',
      `create temp table be on commit drop as
       select s.*, s.r1 * s.w1 + s.r2 * s.w2 + s.r3 * s.w3 as volume_kg,
              greatest(s.w1, s.w2, s.w3) as best_weight_kg,
              greatest(s.r1, s.r2, s.r3) as max_reps,
              greatest(${epley('s.w1', 's.r1')}, ${epley('s.w2', 's.r2')},
                       ${epley('s.w3', 's.r3')}) as best_one_rep_max_kg,
              s.r1 + s.r2 + s.r3 as total_reps
       from (
         select t.*, t.w as w1, t.w as w2,
                case when t.drop_r < 0.2 then greatest(t.w - 2.5, 0) else t.w end as w3,
                greatest(t.r1 - t.d2, 1) as r2, greatest(t.r1 - t.d2 - t.d3, 1) as r3
         from (
           select l.ex_offset + p + 1 as id, l.id as log_id, l.user_id, p as position,
                  l.performed_on, up.exercise_id,
                  round(up.base_kg * (0.8 + 0.35 * (l.performed_on - (current_date - ${DAYS}))
                        / ${DAYS}.0) * (0.95 + random() * 0.1) / 2.5) * 2.5 as w,
                  case when random() < 0.05 then 1 + floor(random() * 3)::int
                       else 5 + floor(random() * 8)::int end as r1,
                  floor(random() * 2)::int as d2, floor(random() * 3)::int as d3,
                  random() as drop_r
           from bl l
           cross join lateral generate_series(0, l.n_ex - 1) p
           join bup up on up.user_id = l.user_id and up.slot = (l.start_slot + p) % ${POOL}
         ) t
       ) s`,
    );
    await step(
      'plan: log totals',
      `create temp table bt on commit drop as
       select log_id, sum(volume_kg) as volume_kg, sum(total_reps)::int as total_reps
       from be group by log_id`,
    );

    await step(
      'workout_logs',
      `insert into workout_logs
         (id, user_id, workout_id, title, source, performed_on, duration_seconds, note,
          liked_or_disliked, energy_level, sleep_quality, total_volume_kg, total_reps, created_at)
       overriding system value
       select l.id, l.user_id,
              case when l.source_r < 0.85 then w.id end,
              case when l.source_r < 0.85 then w.title else 'Gym session' end,
              case when l.source_r < 0.80 then 'workout'
                   when l.source_r < 0.85 then 'guided' else 'manual' end,
              l.performed_on, l.duration_seconds, '',
              case when l.like_r < 0.30 then 'liked' when l.like_r < 0.35 then 'disliked' end,
              l.energy_level, l.sleep_quality, t.volume_kg, t.total_reps,
              least((l.performed_on + time '06:00' + l.time_r * interval '15 hours') at time zone 'UTC',
                    now())
       from bl l
       join bw w on w.k = l.wk
       join bt t on t.log_id = l.id
       order by l.id`,
    );
    await step(
      'workout_log_exercises',
      `insert into workout_log_exercises
         (id, log_id, user_id, exercise_id, position, performed_on, note, volume_kg,
          best_weight_kg, max_reps, best_one_rep_max_kg)
       overriding system value
       select id, log_id, user_id, exercise_id, position, performed_on, null, volume_kg,
              best_weight_kg, max_reps, best_one_rep_max_kg
       from be order by id`,
    );
    await step(
      'workout_log_sets',
      `insert into workout_log_sets
         (id, log_exercise_id, set_number, reps, weight_kg, duration_seconds)
       overriding system value
       select (e.id - 1) * 3 + n, e.id, n,
              case n when 1 then e.r1 when 2 then e.r2 else e.r3 end,
              case n when 1 then e.w1 when 2 then e.w2 else e.w3 end,
              null
       from be e cross join generate_series(1, 3) n
       order by e.id, n`,
    );
    for (const table of ['users', 'workout_logs', 'workout_log_exercises', 'workout_log_sets']) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'),
                       (select coalesce(max(id), 0) + 1 from ${table}), false)`,
      );
    }
    const t1 = performance.now();
    await rebuildMemberAggregates(client, null);
    log(`  personal_records + training_stats: ${((performance.now() - t1) / 1000).toFixed(1)} s`);

    // The foreign keys were not enforced during the load: check every reference now.
    const check = await step(
      'reference check',
      `select
         (select count(*) from workout_log_sets s
           where not exists (select 1 from workout_log_exercises e where e.id = s.log_exercise_id))
         + (select count(*) from workout_log_exercises e
           where not exists (select 1 from workout_logs l
                             where l.id = e.log_id and l.user_id = e.user_id
                               and l.performed_on = e.performed_on))
         + (select count(*) from workout_log_exercises e
           where not exists (select 1 from exercises x where x.id = e.exercise_id))
         + (select count(*) from workout_logs l
           where not exists (select 1 from users u where u.id = l.user_id)
              or (l.workout_id is not null
                  and not exists (select 1 from workouts w where w.id = l.workout_id)))
         + (select count(*) from personal_records r
           where not exists (select 1 from users u where u.id = r.user_id))
         + (select count(*) from training_stats t
           where not exists (select 1 from users u where u.id = t.user_id))
         as broken`,
    );
    const broken = Number((check.rows[0] as { broken: string } | undefined)?.broken ?? -1);
    if (broken !== 0) throw new Error(`generated data breaks ${broken} references`);

    await client.query(
      `insert into app_meta (key, value) values ($1, $2)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [MARKER_KEY, `${users}/${logs} (generator v${GENERATOR_VERSION})`],
    );
    await client.query('commit');
    await client.query(`set session_replication_role = origin`);
    await step('vacuum (analyze)', `vacuum (analyze)`);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** Exact row counts of the tables the benchmark cares about, and the database's size. */
export async function describeBenchData(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const lines: string[] = [];
    for (const table of [
      'users',
      'workout_logs',
      'workout_log_exercises',
      'workout_log_sets',
      'personal_records',
      'training_stats',
      'workouts',
      'exercises',
    ]) {
      const r = await client.query<{ n: string; size: string }>(
        `select count(*) as n, pg_size_pretty(pg_total_relation_size('${table}')) as size
         from ${table}`,
      );
      lines.push(
        `${table.padEnd(22)} ${Number(r.rows[0]?.n).toLocaleString('en-US').padStart(11)} rows  ${r.rows[0]?.size} with indexes`,
      );
    }
    const size = await client.query<{ size: string }>(
      `select pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    lines.push(`database size: ${size.rows[0]?.size}`);
    return lines;
  } finally {
    await client.end();
  }
}

/**
 * The benchmark database, migrated and seeded, holding `users`/`logs`: reused when `reuse` is
 * set and its marker matches, otherwise dropped and generated afresh.
 */
export async function ensureBenchData(options: BenchDataOptions): Promise<BenchDataInfo> {
  const url = benchDatabaseUrl();
  const users = options.users ?? Number(process.env.BENCH_USERS ?? DEFAULT_USERS);
  const logs = options.logs ?? Number(process.env.BENCH_LOGS ?? DEFAULT_LOGS);
  const log = options.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  const expected = `${users}/${logs} (generator v${GENERATOR_VERSION})`;
  const marker = await markerOf(url);
  if (options.reuse && marker === expected) {
    // New migrations or reference data from colleagues still apply (both are idempotent).
    await migrateAndSeed(url);
    log(`bench data: reusing ${adminUrl(url).name} (${MARKER_KEY} = ${marker})`);
    return { url, generated: false, users, logs, seconds: (performance.now() - started) / 1000 };
  }
  if (options.reuse) {
    log(`bench data: ${MARKER_KEY} is ${marker ?? 'missing'}, want ${expected}: regenerating`);
  }
  log(`bench data: generating ${users} members and ${logs} logs in ${adminUrl(url).name}`);
  await recreateDatabase(url, log);
  const t0 = performance.now();
  await migrateAndSeed(url);
  log(`  migrations + reference seed: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await generate(url, users, logs, log);
  const seconds = (performance.now() - started) / 1000;
  log(`bench data: generated in ${seconds.toFixed(1)} s`);
  return { url, generated: true, users, logs, seconds };
}

function numberFlag(name: string): number | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (!arg) return undefined;
  const n = Number(arg.slice(name.length + 3));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} wants a positive whole number`);
  return n;
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    await ensureBenchData({
      reuse: process.argv.includes('--reuse'),
      users: numberFlag('users'),
      logs: numberFlag('logs'),
    });
    for (const line of await describeBenchData(benchDatabaseUrl())) console.log(`  ${line}`);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
