// The `local` trainer engine (issue 12). Targets, warm p99: a 12-week program ≤ 20 ms, a day's
// diet ≤ 50 ms, an answer ≤ 20 ms.
//
// Part 1, the engine (the targets): in this process, the engine's own functions on the seeded
// exercise library and food table (the rows the database holds), warmed up, then many calls,
// one at a time, each timed alone:
//   - program: planProgram (coach/providers/local/program-planner.ts) for 12 weeks at 3, 5, 6
//     and 7 sessions a week × the goals below, 60 min sessions, a fresh seed each call;
//   - diet: basePlan + planMeals with the local picker (what diets.service.ts generateDiet runs)
//     over every meal preference × several goals, a fresh seed each call;
//   - answer: answerLocally (coach/providers/local/answer.ts) for real member questions, a
//     trainer persona and a remembered knee injury.
//   Baseline in the same run, timed the same way: a JSON round trip (stringify + parse) of the
//   exercise library (program, answer) and of the food table (diet): what any handler that
//   merely copies the engine's inputs costs on this machine. Ratios are the engine's p99 over
//   the baseline's p99.
// Part 2, the app (not the engine target: each request also signs the member in, reads the
//   member, memory and library, and writes the workout(s), program, diet or thread in a
//   transaction): the BUILT app at its defaults (NODE_ENV=production, default log level to a
//   file) on the embedded default PostgreSQL and on the external PostgreSQL (a fresh database on
//   BENCH_DATABASE_ADMIN_URL, dropped after); `POST /api/virtual_trainer` for quick_workout,
//   workout (12 weeks × 3 and × 6) and diet, one request at a time, members taking turns so
//   the default AI_RATE_LIMIT (30 per 10 min) is never hit; beside bare Fastify POST /bare
//   (bench/bare-fastify.mjs) timed the same way in the same run.
// Env: BENCH_ENGINE_ITERATIONS (per case, 200), BENCH_ENGINE_WARMUP (per case, 30),
// BENCH_API_REQUESTS (per action, 60), BENCH_API_WARMUP (5), BENCH_ONLY=engine|api|compare,
// BENCH_COMPARE_SERVER (another build's dist/server.js: see compareBuilds),
// BENCH_DATABASE_ADMIN_URL, BENCH_LOG_LEVEL.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { DietFood } from '@fitcoach/shared/diets';
import { mealPreferences, type WorkoutGoal } from '@fitcoach/shared/profile';
import { answerLocally, type AnswerPersona } from '../apps/server/src/coach/providers/local/answer';
import { basePlan, planMeals } from '../apps/server/src/coach/providers/local/diet-planner';
import { exclusionsFromMemories } from '../apps/server/src/coach/providers/local/memory-exclusions';
import { planProgram } from '../apps/server/src/coach/providers/local/program-planner';
import { localSessionPlanner } from '../apps/server/src/coach/providers/local/session-planner';
import type { CatalogueExercise } from '../apps/server/src/coach/providers/local/session-types';
import { exerciseSeeds } from '../apps/server/src/db/seed/reference/exercises';
import { foodSeeds } from '../apps/server/src/db/seed/reference/foods';
import { trainerPersonaSeeds } from '../apps/server/src/db/seed/reference/trainer-personas';
import {
  freshDatabase,
  insertMembers,
  loadAverage,
  percentile,
  sessionsFor,
  signedIn,
  startApp,
  startBareFastify,
  startChild,
  stopAll,
  tempDir,
  type Child,
} from './friends-support';
import { machine } from './support';

const ITERATIONS = Number(process.env.BENCH_ENGINE_ITERATIONS ?? 200);
const WARMUP = Number(process.env.BENCH_ENGINE_WARMUP ?? 30);
const API_REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 60);
const API_WARMUP = Number(process.env.BENCH_API_WARMUP ?? 5);
const ONLY = process.env.BENCH_ONLY ?? '';
const TARGET = { program: 20, diet: 50, answer: 20 };

interface Stats {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

const ms = (n: number) => `${n.toFixed(2)} ms`;
const row = (label: string, t: Timed, baseline: Stats | null) => {
  const s = stats(t.wall);
  const c = stats(t.cpu);
  const ratio = baseline ? `${(s.p99 / baseline.p99).toFixed(1)}×` : '1×';
  return `| ${label} | ${s.n} | ${ms(s.p50)} | **${ms(s.p99)}** | ${ms(s.max)} | ${ms(c.p50)} | ${ms(c.p99)} | ${ratio} |`;
};

/** The seeded library and food table, ids in seed order, as the database holds them. */
const catalogue: CatalogueExercise[] = exerciseSeeds.map((e, i) => ({
  id: i + 1,
  slug: e.slug,
  name: e.name,
  kind: e.kind,
  defaultDurationSeconds: e.default_duration_seconds,
  primaryMuscles: e.primary_muscles,
  secondaryMuscles: e.secondary_muscles,
  equipment: e.equipment,
  tags: e.tags,
}));
const foods: DietFood[] = foodSeeds.map((f, i) => ({ ...f, id: i + 1 }));

/**
 * One timed call per iteration, after `WARMUP` untimed ones: wall time, and the process's CPU
 * time over the call (user + system, all threads: garbage collection included). On two shared
 * cores the wall time also holds the waits for a core; the CPU time is the work itself.
 */
async function timeEach(cases: number, run: (i: number) => unknown): Promise<Timed> {
  for (let i = 0; i < WARMUP * cases; i++) await run(i);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < ITERATIONS * cases; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await run(WARMUP * cases + i);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall, cpu };
}

interface Timed {
  wall: number[];
  cpu: number[];
}

const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const programGoals: WorkoutGoal[] = ['weight_lifting', 'hiit', 'crossfit', 'cardio', 'boxing'];
const frequencies = [3, 5, 6, 7];
const dietGoals: WorkoutGoal[] = ['weight_lifting', 'cardio', 'hiit', 'sport'];
const questions = [
  'How should I progress my squat if I have stalled for three weeks?',
  'How much protein do I need per day to build muscle?',
  'Is creatine safe to take?',
  'How many HIIT sessions a week is too many?',
  'my knee hurts when I squat',
  'How long should I sleep to recover?',
  'What should I eat before a morning run?',
  'What is the capital of France?',
];
/** The same questions as a Spanish member asks them (stemmed, accent-folded Spanish index). */
const questionsEs = [
  '¿Cómo progreso en la sentadilla si llevo tres semanas estancado?',
  '¿Cuánta proteína necesito al día para ganar músculo?',
  '¿Es segura la creatina?',
  '¿Cuántas sesiones de HIIT a la semana son demasiadas?',
  'me duele la rodilla al hacer sentadillas',
  '¿Cuánto debo dormir para recuperarme?',
  '¿Qué debo comer antes de correr por la mañana?',
  '¿Cuál es la capital de Francia?',
];

function persona(slug: string): AnswerPersona {
  const p = trainerPersonaSeeds.find((s) => s.slug === slug) ?? trainerPersonaSeeds[0]!;
  return {
    name: p.name,
    specialty: p.specialty,
    tone: p.tone,
    greeting: p.greeting,
    exampleQuestions: p.example_questions,
  };
}

async function engine(): Promise<{ lines: string[]; met: Record<string, boolean> }> {
  const lines: string[] = [];
  const met: Record<string, boolean> = {};
  const seedOf = (i: number) => (i * 2654435761) % 2 ** 31;

  const catalogueTrip = await timeEach(1, () => roundTrip(catalogue));
  const foodsTrip = await timeEach(1, () => roundTrip(foods));
  const baseCatalogue = stats(catalogueTrip.wall);
  const baseFoods = stats(foodsTrip.wall);

  lines.push('| engine call | calls | p50 | p99 | max | CPU p50 | CPU p99 | p99 ÷ baseline p99 |');
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- |');
  lines.push(
    row(
      `baseline: JSON round trip of the exercise library (${catalogue.length})`,
      catalogueTrip,
      null,
    ),
  );
  lines.push(row(`baseline: JSON round trip of the food table (${foods.length})`, foodsTrip, null));

  const knee = exclusionsFromMemories([{ kind: 'injury', fact: 'bad knee' }]);
  const allProgram: Timed = { wall: [], cpu: [] };
  for (const frequency of frequencies) {
    const times = await timeEach(programGoals.length, (i) =>
      planProgram(
        {
          goal: programGoals[i % programGoals.length]!,
          minutes: 60,
          frequency,
          weeks: 12,
          sportType: 'running',
          equipment: null,
          seed: seedOf(i),
          level: 'intermediate',
          exclusions: i % 4 === 0 ? knee : [],
        },
        catalogue,
        localSessionPlanner,
      ),
    );
    allProgram.wall.push(...times.wall);
    allProgram.cpu.push(...times.cpu);
    lines.push(
      row(
        `program: 12 weeks × ${frequency}/week (${12 * frequency} sessions), ${programGoals.length} goals`,
        times,
        baseCatalogue,
      ),
    );
  }
  lines.push(row('**program: all of the above**', allProgram, baseCatalogue));
  const program = stats(allProgram.wall);
  met.program = program.p99 <= TARGET.program;

  const dietCases = mealPreferences.length * dietGoals.length;
  const dietTimes = await timeEach(dietCases, async (i) => {
    const base = basePlan({
      gender: i % 2 ? 'female' : 'male',
      age: 20 + (i % 50),
      weight_kg: 55 + (i % 50),
      height_cm: 155 + (i % 40),
      workout_frequency: 1 + (i % 7),
      workout_length: 30 + (i % 5) * 15,
      goal: dietGoals[Math.floor(i / mealPreferences.length) % dietGoals.length]!,
      meal_preference: mealPreferences[i % mealPreferences.length]!,
      seed: seedOf(i),
    });
    return planMeals(foods, base);
  });
  lines.push(
    row(
      `diet: a day (basePlan + planMeals), ${mealPreferences.length} preferences × ${dietGoals.length} goals`,
      dietTimes,
      baseFoods,
    ),
  );
  const diet = stats(dietTimes.wall);
  met.diet = diet.p99 <= TARGET.diet;

  const personas = [persona('strength-coach'), persona('sports-nutritionist')];
  const answerTimes = await timeEach(questions.length, (i) =>
    answerLocally({
      question: questions[i % questions.length]!,
      action: i % 2 ? 'nutritionist' : 'trainer',
      persona: personas[i % 2]!,
      memories: [{ kind: 'injury', fact: 'I have a bad knee' }],
    }),
  );
  lines.push(
    row(`answer: answerLocally, ${questions.length} questions`, answerTimes, baseCatalogue),
  );
  const answerTimesEs = await timeEach(questionsEs.length, (i) =>
    answerLocally({
      question: questionsEs[i % questionsEs.length]!,
      action: i % 2 ? 'nutritionist' : 'trainer',
      persona: personas[i % 2]!,
      memories: [{ kind: 'injury', fact: 'Me duele la rodilla' }],
      locale: 'es',
    }),
  );
  lines.push(
    row(
      `answer in Spanish: answerLocally, ${questionsEs.length} questions`,
      answerTimesEs,
      baseCatalogue,
    ),
  );
  const answer = stats([...answerTimes.wall, ...answerTimesEs.wall]);
  met.answer = answer.p99 <= TARGET.answer;
  lines.push('');
  lines.push(
    `engine targets (warm p99, wall time): program ${ms(program.p99)} ≤ ${TARGET.program} ms: ${met.program ? 'met' : 'NOT met'}; ` +
      `diet ${ms(diet.p99)} ≤ ${TARGET.diet} ms: ${met.diet ? 'met' : 'NOT met'}; ` +
      `answer ${ms(answer.p99)} ≤ ${TARGET.answer} ms: ${met.answer ? 'met' : 'NOT met'}`,
  );
  return { lines, met };
}

/** The embedded server's own connection string, read from DATA_DIR as the app reads it. */
function embeddedUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, 'postgres/password'), 'utf8').trim();
  const url = new URL('postgresql://postgres@localhost:5432/fitcoach');
  url.password = password;
  url.searchParams.set('host', path.join(dataDir, 'postgres/run'));
  return url.toString();
}

interface Action {
  label: string;
  body: Record<string, unknown>;
}

const actions: Action[] = [
  {
    label: 'quick_workout, 60 min weight lifting',
    body: { trainer_action: 'quick_workout', workout_length: 60, workout_goal: 'weight_lifting' },
  },
  {
    label: 'workout: program 12 weeks × 3 (36 workouts)',
    body: {
      trainer_action: 'workout',
      age: 34,
      workout_frequency: 3,
      workout_plan_length: 12,
      workout_length: 60,
      workout_goal: 'weight_lifting',
    },
  },
  {
    label: 'workout: program 12 weeks × 6 (72 workouts)',
    body: {
      trainer_action: 'workout',
      age: 34,
      workout_frequency: 6,
      workout_plan_length: 12,
      workout_length: 60,
      workout_goal: 'hiit',
    },
  },
  {
    label: 'diet: a day, omnivore',
    body: { trainer_action: 'diet', age: 34, meal_preference: 'omnivore' },
  },
];

/** Per request, a member's cookie and CSRF token; `take` hands them out in turn. */
async function membersOn(base: string, dbUrl: string, count: number) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  try {
    const ids = await insertMembers(pool, count, `trainer-${randomBytes(3).toString('hex')}`);
    const tokens = await sessionsFor(pool, ids);
    const out: { cookie: string; csrf: string }[] = [];
    for (const t of tokens) out.push(await signedIn(base, t));
    return out;
  } finally {
    await pool.end();
  }
}

async function timePost(base: string, p: string, body: string, headers: Record<string, string>) {
  const t0 = performance.now();
  const res = await fetch(`${base}${p}`, { method: 'POST', headers, body });
  const text = await res.text();
  const took = performance.now() - t0;
  if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${text.slice(0, 300)}`);
  return took;
}

async function measureApp(app: Child, dbUrl: string, bare: Child) {
  // Each member makes at most 25 trainer requests (the default limit is 30 per 10 minutes).
  const perAction = API_WARMUP + API_REQUESTS;
  const members = await membersOn(app.base, dbUrl, Math.ceil((perAction * actions.length) / 25));
  let turn = 0;
  const next = () => members[Math.floor(turn++ / 25)]!;
  const out: { label: string; s: Stats }[] = [];
  const bareTimes: number[] = [];
  const bareBody = JSON.stringify(actions[0]!.body);
  const bareHeaders = { 'content-type': 'application/json' };
  for (let i = 0; i < API_WARMUP * 4; i++)
    await timePost(bare.base, '/bare', bareBody, bareHeaders);
  for (const action of actions) {
    const times: number[] = [];
    for (let i = 0; i < perAction; i++) {
      const m = next();
      const headers = {
        'content-type': 'application/json',
        accept: 'application/json',
        cookie: m.cookie,
        'x-csrf-token': m.csrf,
      };
      const body = JSON.stringify({ gender: 'female', seed: i * 7919, ...action.body });
      const took = await timePost(app.base, '/api/virtual_trainer', body, headers);
      if (i >= API_WARMUP) times.push(took);
      // The baseline interleaved, so both see the same machine.
      if (i >= API_WARMUP)
        bareTimes.push(await timePost(bare.base, '/bare', bareBody, bareHeaders));
    }
    out.push({ label: action.label, s: stats(times) });
  }
  return { actions: out, bare: stats(bareTimes) };
}

async function api(): Promise<string[]> {
  const lines: string[] = [];
  const bare = await startBareFastify();
  const secret = randomBytes(32).toString('hex');
  const dataDir = tempDir('trainer-embedded');
  const embedded = await startApp('trainer-embedded', '', secret, { DATA_DIR: dataDir });
  const emb = await measureApp(embedded, embeddedUrl(dataDir), bare);
  const db = await freshDatabase('trainer_api');
  let ext: Awaited<ReturnType<typeof measureApp>>;
  try {
    const external = await startApp('trainer-external', db.url, secret);
    ext = await measureApp(external, db.url, bare);
  } finally {
    await stopAll();
    await db.drop();
  }
  lines.push(
    '| `POST /api/virtual_trainer`, one at a time | requests | embedded p50 | embedded p99 | external p50 | external p99 |',
  );
  lines.push('| --- | --- | --- | --- | --- | --- |');
  lines.push(
    `| baseline: bare Fastify POST /bare (interleaved) | ${emb.bare.n} + ${ext.bare.n} | ${ms(emb.bare.p50)} | ${ms(emb.bare.p99)} | ${ms(ext.bare.p50)} | ${ms(ext.bare.p99)} |`,
  );
  emb.actions.forEach((a, i) => {
    const e = ext.actions[i]!;
    lines.push(
      `| ${a.label} | ${a.s.n} + ${e.s.n} | ${ms(a.s.p50)} | **${ms(a.s.p99)}** | ${ms(e.s.p50)} | **${ms(e.s.p99)}** |`,
    );
  });
  return lines;
}

/**
 * BENCH_COMPARE_SERVER=<another checkout>/apps/server/dist/server.js: the 12-week × 6 program
 * on that build and on this one, each on its own fresh database on the external PostgreSQL,
 * requests alternating between the two (so both see the same machine): a before/after of a
 * change in the same run.
 */
async function compareBuilds(otherServer: string): Promise<string[]> {
  const secret = randomBytes(32).toString('hex');
  const dbThis = await freshDatabase('trainer_this');
  const dbOther = await freshDatabase('trainer_other');
  try {
    const env = (url: string, name: string) => ({
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATA_DIR: tempDir(`${name}-data`),
      SESSION_SECRET: secret,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? '',
      REDIS_URL: '',
    });
    const other = await startChild(
      'trainer-other',
      otherServer,
      env(dbOther.url, 'other'),
      '/health',
    );
    const mine = await startApp('trainer-this', dbThis.url, secret);
    const perSide = API_WARMUP + API_REQUESTS;
    const sides = [
      {
        app: other,
        members: await membersOn(other.base, dbOther.url, Math.ceil(perSide / 25)),
        times: [] as number[],
      },
      {
        app: mine,
        members: await membersOn(mine.base, dbThis.url, Math.ceil(perSide / 25)),
        times: [] as number[],
      },
    ];
    const action = actions[2]!;
    for (let i = 0; i < perSide; i++) {
      for (const side of sides) {
        const m = side.members[Math.floor(i / 25)]!;
        const body = JSON.stringify({ gender: 'female', seed: i * 7919, ...action.body });
        const took = await timePost(side.app.base, '/api/virtual_trainer', body, {
          'content-type': 'application/json',
          accept: 'application/json',
          cookie: m.cookie,
          'x-csrf-token': m.csrf,
        });
        if (i >= API_WARMUP) side.times.push(took);
      }
    }
    const [a, b] = sides.map((side) => stats(side.times));
    return [
      `before/after, external PostgreSQL, requests alternating: ${action.label}`,
      '| build | requests | p50 | p99 | max |',
      '| --- | --- | --- | --- | --- |',
      `| other build (${otherServer}) | ${a!.n} | ${ms(a!.p50)} | ${ms(a!.p99)} | ${ms(a!.max)} |`,
      `| this build | ${b!.n} | ${ms(b!.p50)} | ${ms(b!.p99)} | ${ms(b!.max)} |`,
      `this build ÷ other: p50 ${(b!.p50 / a!.p50).toFixed(2)}×, p99 ${(b!.p99 / a!.p99).toFixed(2)}×`,
    ];
  } finally {
    await stopAll();
    await dbThis.drop();
    await dbOther.drop();
  }
}

async function main() {
  console.log('# Trainer engine `local` (issue 12)');
  console.log(`${new Date().toISOString()} — ${machine()}`);
  console.log(`load average (1, 5, 15 min) at start: ${loadAverage()}`);
  console.log('');
  if (ONLY !== 'api' && ONLY !== 'compare') {
    console.log(
      `engine: ${WARMUP} warm-up + ${ITERATIONS} timed calls per case, one at a time, in this process`,
    );
    const { lines } = await engine();
    for (const l of lines) console.log(l);
    console.log('');
  }
  if (ONLY !== 'engine' && ONLY !== 'compare') {
    console.log(
      `app: the built server at its defaults (NODE_ENV=production, default log level to a file); ${API_WARMUP} warm-up + ${API_REQUESTS} requests per action; each includes the database reads and writes, so these are not the engine target`,
    );
    for (const l of await api()) console.log(l);
    console.log('');
  }
  if (process.env.BENCH_COMPARE_SERVER) {
    for (const l of await compareBuilds(process.env.BENCH_COMPARE_SERVER)) console.log(l);
    console.log('');
  }
  console.log(`load average at end: ${loadAverage()}`);
}

main().catch(async (err: unknown) => {
  console.error(err);
  await stopAll().catch(() => {});
  process.exit(1);
});
