import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualTrainerResult } from '@fitcoach/shared/virtual-trainer';
import type { WorkoutDetail } from '@fitcoach/shared/workouts';
import { createTestApp, member, TestClient, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  // A small budget so the limit is reached within the test.
  t = await createTestApp({ AI_RATE_LIMIT: '12' });
});
afterAll(async () => {
  await t.close();
});

const ask = (client: TestClient, body: Record<string, unknown>) =>
  client.post('/api/virtual_trainer', body);

describe('POST /api/virtual_trainer', () => {
  it('makes a quick workout the member owns and can open', async () => {
    const { client } = await member(t);
    const response = await ask(client, {
      trainer_action: 'quick_workout',
      gender: 'female',
      workout_length: 30,
      workout_goal: 'hiit',
      seed: 7,
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<VirtualTrainerResult>();
    expect(result.trainer_action).toBe('quick_workout');
    expect(result.workout_id).toEqual(expect.any(Number));
    const workout = await client.get(`/api/workout/${result.workout_id}`);
    expect(workout.statusCode).toBe(200);
    expect(workout.json<WorkoutDetail>().can_edit).toBe(true);
  });

  it('makes a program and a diet, each opened by its id', async () => {
    const { client } = await member(t);
    const program = await ask(client, {
      trainer_action: 'workout',
      gender: 'male',
      age: 35,
      workout_frequency: 2,
      workout_plan_length: 2,
      workout_length: 30,
      workout_goal: 'weight_lifting',
      seed: 3,
    });
    expect(program.statusCode).toBe(200);
    const programId = program.json<VirtualTrainerResult>().program_id;
    expect((await client.get(`/api/program/${programId}`)).statusCode).toBe(200);

    const diet = await ask(client, {
      trainer_action: 'diet',
      gender: 'male',
      age: 35,
      meal_preference: 'vegan',
      seed: 3,
    });
    expect(diet.statusCode).toBe(200);
    const dietId = diet.json<VirtualTrainerResult>().diet_id;
    const opened = await client.get(`/api/diet/${dietId}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<{ meal_preference: string }>().meal_preference).toBe('vegan');
  });

  it('answers a question in a thread, citing entries, and explains an exercise', async () => {
    const { client } = await member(t);
    const answer = await ask(client, {
      trainer_action: 'nutritionist',
      gender: 'female',
      question: 'How much protein should I eat to build muscle?',
    });
    expect(answer.statusCode).toBe(200);
    const answered = answer.json<VirtualTrainerResult>();
    expect(answered.answer).toEqual(expect.any(String));
    expect(answered.citations.length).toBeGreaterThan(0);
    expect((await client.get(`/api/trainer/threads/${answered.thread_id}`)).statusCode).toBe(200);

    const steps = await ask(client, {
      trainer_action: 'quick_exercise',
      gender: 'female',
      exercise_name: 'Goblet squat',
    });
    expect(steps.statusCode).toBe(200);
    expect(steps.json<VirtualTrainerResult>().steps.length).toBeGreaterThan(0);
  });

  it('marks every missing field of the workout action, gender always', async () => {
    const { client } = await member(t);
    const response = await ask(client, { trainer_action: 'workout' });
    expect(response.statusCode).toBe(400);
    const paths = response
      .json<{ issues: { path: string }[] }>()
      .issues.map((i) => i.path)
      .sort();
    expect(paths).toEqual([
      'age',
      'gender',
      'workout_frequency',
      'workout_goal',
      'workout_length',
      'workout_plan_length',
    ]);
  });

  it('refuses numbers of the wrong JSON type instead of reading them as numbers', async () => {
    const { client } = await member(t);
    const program = {
      trainer_action: 'workout',
      gender: 'male',
      age: 30,
      workout_frequency: 3,
      workout_plan_length: 1,
      workout_length: 30,
      workout_goal: 'hiit',
      seed: 1,
    };
    // `true` used to become 1 session a week, `[3]` and "0x3" 3 sessions.
    for (const [field, value] of [
      ['workout_frequency', true],
      ['workout_frequency', [3]],
      ['workout_frequency', '0x3'],
      ['workout_frequency', '3'],
      ['age', '30'],
      ['workout_plan_length', false],
      ['workout_length', [30]],
    ] as const) {
      const response = await ask(client, { ...program, [field]: value });
      expect(response.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400);
      expect(response.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual([
        field,
      ]);
    }
  });

  it('words the equipment and seed issues from the catalogues, in the reader’s language', async () => {
    const { client } = await member(t);
    const quick = {
      trainer_action: 'quick_workout',
      gender: 'female',
      workout_length: 30,
      workout_goal: 'cardio',
    };
    const issueOf = async (body: Record<string, unknown>, language = 'en') => {
      const response = await client.request(
        'POST',
        '/api/virtual_trainer',
        { ...quick, ...body },
        { headers: { 'accept-language': language } },
      );
      expect(response.statusCode).toBe(400);
      const issues = response.json<{ issues: { path: string; message: string }[] }>().issues;
      expect(issues).toHaveLength(1);
      return issues[0];
    };
    expect(await issueOf({ equipment: ['laser'] })).toEqual({
      path: 'equipment.0',
      message: 'Choose equipment from the list.',
    });
    expect(await issueOf({ equipment: 'barbell' })).toEqual({
      path: 'equipment',
      message: 'Choose equipment from the list.',
    });
    const tooMany = Array.from({ length: 1000 }, () => 'barbell');
    expect((await issueOf({ equipment: tooMany }))?.message).toMatch(
      /^Choose each kind of equipment once \(at most \d+\)\.$/,
    );
    for (const seed of [-1, 2 ** 31, 1.5, '7']) {
      expect(await issueOf({ seed })).toEqual({
        path: 'seed',
        message: 'Use a whole number from 0 to 2147483647 as the seed.',
      });
    }
    expect((await issueOf({ equipment: ['laser'] }, 'es'))?.message).toBe(
      'Elige el equipamiento de la lista.',
    );
    expect((await issueOf({ seed: -1 }, 'es'))?.message).toBe(
      'Usa como semilla un número entero de 0 a 2147483647.',
    );
  });

  it('refuses the signed-out and forged requests', async () => {
    const anonymous = await new TestClient(t.app).begin();
    const signedOut = await ask(anonymous, {
      trainer_action: 'quick_exercise',
      gender: 'male',
      exercise_name: 'Push-up',
    });
    expect(signedOut.statusCode).toBe(401);

    const { client } = await member(t);
    const forged = await client.post(
      '/api/virtual_trainer',
      { trainer_action: 'quick_exercise', gender: 'male', exercise_name: 'Push-up' },
      { csrf: false },
    );
    expect(forged.statusCode).toBe(403);
  });

  it('answers 429 in the error shape once a member has used the budget', async () => {
    const { client } = await member(t);
    const body = { trainer_action: 'quick_exercise', gender: 'male', exercise_name: 'Push-up' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await ask(client, body)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await ask(client, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string; message: string }>().error).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
    // Another member is not held back by the first one's budget.
    const other = await member(t);
    expect((await ask(other.client, body)).statusCode).toBe(200);
  });

  it('counts only valid requests against the budget', async () => {
    const { client } = await member(t);
    const body = { trainer_action: 'quick_exercise', gender: 'male', exercise_name: 'Push-up' };
    // Twice the budget of requests that fail validation use none of it.
    for (let i = 0; i < 24; i++) {
      expect((await ask(client, { ...body, gender: 'robot' })).statusCode).toBe(400);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await ask(client, body)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await ask(client, body)).statusCode).toBe(429);
  });
});
