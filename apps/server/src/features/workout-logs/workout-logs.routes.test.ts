import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, member, type TestApp, type TestClient } from '../../test/test-app';

let t: TestApp;
let bench: { id: number; name: string };
let plank: { id: number };
let libraryWorkoutId: number;

interface LogResult {
  log_id: number;
  achievement: { img: string; header: string; details: string } | null;
  achievements: { header: string }[];
}
interface History {
  items: {
    id: number;
    title: string;
    performed_on: string;
    total_volume: number;
    exercises: {
      exercise_id: number;
      name: string;
      note: string | null;
      sets: { reps: number; weight: number }[];
    }[];
  }[];
  next_cursor: string | null;
}
interface Stats {
  totals: { workouts: number; volume: number; reps: number };
  current_streak_days: number;
  personal_records: {
    exercise_id: number;
    heaviest_weight: number | null;
    most_reps: number | null;
    best_one_rep_max: number | null;
  }[];
  achievements: { code: string; img: string }[];
}

beforeAll(async () => {
  t = await createTestApp();
  const { client } = await member(t);
  const found = (await client.get('/api/exercise?q=bench press&limit=5')).json<{
    items: { id: number; name: string; kind: string }[];
  }>();
  bench = found.items.find((e) => e.kind === 'reps')!;
  const timed = (await client.get('/api/exercise?q=plank&limit=5')).json<{
    items: { id: number; kind: string }[];
  }>();
  plank = timed.items.find((e) => e.kind === 'timed')!;
  libraryWorkoutId = (await client.get('/api/workout?scope=library&limit=1')).json<{
    items: { id: number }[];
  }>().items[0]!.id;
});
afterAll(async () => {
  await t.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

function logBody(overrides: Record<string, unknown> = {}) {
  return {
    note: 'Felt strong.',
    liked_or_disliked: 'liked',
    completedExercises: [
      { exercise_id: bench.id, reps: [5, 5, 5], weights: [60, 60, 60], note: 'Smooth bar path' },
      { exercise_id: plank.id, reps: [1, 1], weights: [0, 0], durations: [45, 40] },
    ],
    energy_level: 4,
    sleep_quality: 3,
    ...overrides,
  };
}

async function log(
  client: TestClient,
  overrides: Record<string, unknown> = {},
  workoutId = libraryWorkoutId,
) {
  const res = await client.post(`/api/workout/${workoutId}/log`, logBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<LogResult>();
}

describe('POST /api/workout/:id/log', () => {
  it('writes the log and its sets, and awards the first workout with its image', async () => {
    const { client } = await member(t);
    const result = await log(client);
    expect(result.achievement).toMatchObject({
      header: 'First workout done!',
      img: '/achievements/first-workout.svg',
    });
    const badge = await t.app.inject({ method: 'GET', url: result.achievement!.img });
    expect(badge.statusCode).toBe(200);
    expect(badge.headers['content-type']).toContain('image/svg+xml');

    const history = (await client.get('/api/workout_log')).json<History>();
    expect(history.items).toHaveLength(1);
    const entry = history.items[0]!;
    expect(entry.total_volume).toBe(900);
    expect(entry.exercises[0]).toMatchObject({ exercise_id: bench.id, note: 'Smooth bar path' });
    expect(entry.exercises[0]!.sets.map((s) => s.reps)).toEqual([5, 5, 5]);

    // The same achievement is never awarded twice.
    const second = await log(client);
    expect(second.achievements.map((a) => a.header)).not.toContain('First workout done!');
  });

  it('awards personal records when a later session beats an earlier one', async () => {
    const { client } = await member(t);
    await log(client, { performed_on: daysAgo(2) });
    const better = await log(client, {
      completedExercises: [{ exercise_id: bench.id, reps: [8, 5], weights: [60, 65] }],
      performed_on: daysAgo(1),
    });
    const headers = better.achievements.map((a) => a.header);
    expect(headers).toContain(`New record: heaviest ${bench.name}`);
    expect(headers).toContain(`New record: most ${bench.name} reps`);
    expect(headers).toContain(`New estimated 1RM: ${bench.name}`);
    // Two consecutive days also show a streak in the stats.
    const stats = (await client.get('/api/stats/personal')).json<Stats>();
    expect(stats.totals.workouts).toBe(2);
    expect(stats.current_streak_days).toBe(2);
    const record = stats.personal_records.find((r) => r.exercise_id === bench.id)!;
    expect(record).toMatchObject({ heaviest_weight: 65, most_reps: 8 });
    expect(record.best_one_rep_max).toBeCloseTo(76, 2); // 60 × (1 + 8/30)
    // A timed exercise (the plank) keeps no rep "records".
    expect(stats.personal_records.map((r) => r.exercise_id)).not.toContain(plank.id);
  });

  it('takes and answers weights in the member’s units', async () => {
    const { client } = await member(t, { measurement_type: 'imperial', weight: 160, height: 68 });
    await log(client, {
      completedExercises: [{ exercise_id: bench.id, reps: [5], weights: [135] }],
    });
    const entry = (await client.get('/api/workout_log')).json<History>().items[0]!;
    expect(entry.exercises[0]!.sets[0]!.weight).toBe(135);
    expect(entry.total_volume).toBe(675);
  });

  it('refuses negative reps, negative weights, unknown exercises and bad ratings, writing nothing', async () => {
    const { client } = await member(t);
    const cases: [Record<string, unknown>, string][] = [
      [
        { completedExercises: [{ exercise_id: bench.id, reps: [-1], weights: [60] }] },
        'completedExercises.0.reps.0',
      ],
      [
        { completedExercises: [{ exercise_id: bench.id, reps: [5], weights: [-60] }] },
        'completedExercises.0.weights.0',
      ],
      [
        { completedExercises: [{ exercise_id: 999999, reps: [5], weights: [60] }] },
        'completedExercises.0.exercise_id',
      ],
      [{ energy_level: 6 }, 'energy_level'],
      [{ sleep_quality: 0 }, 'sleep_quality'],
      [{ liked_or_disliked: 'meh' }, 'liked_or_disliked'],
      [{ performed_on: '2999-01-01' }, 'performed_on'],
    ];
    for (const [overrides, path] of cases) {
      const res = await client.post(`/api/workout/${libraryWorkoutId}/log`, logBody(overrides));
      expect(res.statusCode, path).toBe(400);
      expect(res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toContain(path);
    }
    expect((await client.get('/api/workout_log')).json<History>().items).toEqual([]);
    expect((await client.get('/api/stats/personal')).json<Stats>().totals.workouts).toBe(0);
  });

  it('answers 404 for someone else’s private workout and writes nothing', async () => {
    const author = await member(t);
    const other = await member(t);
    const created = await author.client.post('/api/workout', {
      title: 'Mine only',
      goal: 'hiit',
      groups: [{ kind: 'single', exercises: [{ exercise_id: bench.id, sets: 3, reps: 5 }] }],
    });
    const id = created.json<{ id: number }>().id;
    const res = await other.client.post(`/api/workout/${id}/log`, logBody());
    expect(res.statusCode).toBe(404);
    expect((await other.client.get('/api/workout_log')).json<History>().items).toEqual([]);
  });

  it('takes many logs from one member at once without losing or failing any', async () => {
    const { client } = await member(t);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        client.post(`/api/workout/${libraryWorkoutId}/log`, logBody()),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const stats = (await client.get('/api/stats/personal')).json<Stats>();
    expect(stats.totals.workouts).toBe(12);
    expect(stats.totals.volume).toBe(12 * 900);
    // The first-workout achievement went to exactly one of them.
    expect(stats.achievements.filter((a) => a.code === 'first-workout')).toHaveLength(1);
  });

  it('keeps the log in the history when the workout is deleted', async () => {
    const { client } = await member(t);
    const created = await client.post('/api/workout', {
      title: 'Short-lived',
      goal: 'cardio',
      groups: [{ kind: 'single', exercises: [{ exercise_id: bench.id, sets: 1, reps: 5 }] }],
    });
    const id = created.json<{ id: number }>().id;
    await log(client, {}, id);
    await client.delete(`/api/workout/${id}`);
    const entry = (await client.get('/api/workout_log')).json<
      History & { items: { workout_id: number | null }[] }
    >().items[0]!;
    expect(entry).toMatchObject({ title: 'Short-lived', workout_id: null });
  });
});

describe('streaks', () => {
  it('stay right whatever order the logs arrive in', async () => {
    const { client } = await member(t);
    const streak = async () =>
      (await client.get('/api/stats/personal')).json<{
        current_streak_days: number;
        longest_streak_days: number;
        current_streak_weeks: number;
      }>();
    await log(client, { performed_on: daysAgo(1) });
    await log(client, { performed_on: today() });
    expect(await streak()).toMatchObject({ current_streak_days: 2, longest_streak_days: 2 });
    await log(client, { performed_on: today() }); // same day: no change
    expect((await streak()).current_streak_days).toBe(2);
    await log(client, { performed_on: daysAgo(3) }); // back-dated, a gap before it
    expect((await streak()).current_streak_days).toBe(2);
    await log(client, { performed_on: daysAgo(2) }); // back-dated, closes the gap
    expect(await streak()).toMatchObject({ current_streak_days: 4, longest_streak_days: 4 });
    expect((await streak()).current_streak_weeks).toBeGreaterThanOrEqual(1);
  });
});

describe('manual workouts and the history', () => {
  it('records a session done outside the app, dated in the past', async () => {
    const { client } = await member(t);
    const res = await client.post('/api/workout_log/manual', {
      title: 'Trail run',
      performed_on: daysAgo(3),
      duration_minutes: 42,
      note: 'Hilly 8 km.',
    });
    expect(res.statusCode).toBe(201);
    const entry = (await client.get('/api/workout_log')).json<
      History & { items: { source: string; duration_seconds: number }[] }
    >().items[0]!;
    expect(entry).toMatchObject({
      title: 'Trail run',
      source: 'manual',
      duration_seconds: 2520,
      performed_on: daysAgo(3),
    });
    expect(
      (await client.post('/api/workout_log/manual', { title: '', performed_on: 'soon' }))
        .statusCode,
    ).toBe(400);
  });

  it('pages newest first', async () => {
    const { client } = await member(t);
    for (let i = 5; i >= 1; i -= 1)
      await log(client, { performed_on: daysAgo(i), note: `day ${i}` });
    const first = (await client.get('/api/workout_log?limit=2')).json<History>();
    expect(first.items.map((i) => i.performed_on)).toEqual([daysAgo(1), daysAgo(2)]);
    const second = (
      await client.get(`/api/workout_log?limit=2&cursor=${first.next_cursor}`)
    ).json<History>();
    expect(second.items.map((i) => i.performed_on)).toEqual([daysAgo(3), daysAgo(4)]);
    const third = (
      await client.get(`/api/workout_log?limit=2&cursor=${second.next_cursor}`)
    ).json<History>();
    expect(third.items.map((i) => i.performed_on)).toEqual([daysAgo(5)]);
    expect(third.next_cursor).toBeNull();
  });

  it('deletes a log and recomputes totals and records', async () => {
    const { client } = await member(t);
    const light = await log(client, {
      completedExercises: [{ exercise_id: bench.id, reps: [5], weights: [50] }],
    });
    const heavy = await log(client, {
      completedExercises: [{ exercise_id: bench.id, reps: [5], weights: [80] }],
    });
    expect(light.log_id).toBeLessThan(heavy.log_id);
    expect((await client.delete(`/api/workout_log/${heavy.log_id}`)).statusCode).toBe(204);
    const stats = (await client.get('/api/stats/personal')).json<Stats>();
    expect(stats.totals).toMatchObject({ workouts: 1, volume: 250, reps: 5 });
    expect(stats.personal_records.find((r) => r.exercise_id === bench.id)?.heaviest_weight).toBe(
      50,
    );
    const other = await member(t);
    expect((await other.client.delete(`/api/workout_log/${light.log_id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/workout/chart_data', () => {
  it('answers volume, 1RM, weekly sessions and wellbeing series, for all or one workout', async () => {
    const { client } = await member(t);
    await log(client, { performed_on: daysAgo(8), energy_level: 2, sleep_quality: 5 });
    await log(client, {
      performed_on: daysAgo(1),
      completedExercises: [{ exercise_id: bench.id, reps: [5], weights: [70] }],
    });
    await client.post('/api/workout_log/manual', { title: 'Swim', performed_on: today() });

    const all = (await client.post('/api/workout/chart_data', { workout_id: '' })).json<{
      workout_id: null;
      volume: { date: string; volume: number }[];
      one_rep_max: {
        exercises: { exercise_id: number }[];
        points: { exercise_id: number; value: number }[];
      };
      sessions_per_week: { week_start: string; sessions: number }[];
      wellbeing: { energy_level: number; sleep_quality: number }[];
    }>();
    expect(all.workout_id).toBeNull();
    expect(all.volume.map((v) => v.date)).toEqual([daysAgo(8), daysAgo(1), today()]);
    expect(all.volume.map((v) => v.volume)).toEqual([900, 350, 0]);
    expect(all.one_rep_max.exercises.map((e) => e.exercise_id)).toEqual([bench.id]);
    expect(all.one_rep_max.points.map((p) => p.value)).toEqual([70, expect.closeTo(81.67, 2)]);
    expect(all.sessions_per_week).toHaveLength(26);
    expect(all.sessions_per_week.reduce((s, w) => s + w.sessions, 0)).toBe(3);
    expect(all.wellbeing[0]).toMatchObject({ energy_level: 2, sleep_quality: 5 });

    const one = (
      await client.post('/api/workout/chart_data', { workout_id: libraryWorkoutId })
    ).json<{
      volume: unknown[];
    }>();
    expect(one.volume).toHaveLength(2);
    expect((await client.post('/api/workout/chart_data', {})).statusCode).toBe(200);
    expect((await client.post('/api/workout/chart_data', { workout_id: 'x' })).statusCode).toBe(
      400,
    );
    expect((await client.post('/api/workout/chart_data', { workout_id: 999999 })).statusCode).toBe(
      404,
    );
  });

  it('answers empty series to a member with no history', async () => {
    const { client } = await member(t);
    const empty = (await client.post('/api/workout/chart_data', {})).json<{
      volume: unknown[];
      sessions_per_week: { sessions: number }[];
    }>();
    expect(empty.volume).toEqual([]);
    expect(empty.sessions_per_week.every((w) => w.sessions === 0)).toBe(true);
  });
});

describe('GET /api/stats/personal', () => {
  it('needs a session, and starts from zero', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/personal' })).statusCode).toBe(
      401,
    );
    const { client } = await member(t);
    const stats = (await client.get('/api/stats/personal')).json<Stats>();
    expect(stats).toMatchObject({
      totals: { workouts: 0, volume: 0, reps: 0 },
      current_streak_days: 0,
    });
    expect(stats.achievements).toEqual([]);
  });
});
