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
});
