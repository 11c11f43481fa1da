import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, member, type TestApp } from '../../test/test-app';

let t: TestApp;
let workout: { id: number; groups: { id: number; exercises: { exercise_id: number }[] }[] };

interface Session {
  id: number;
  groups: {
    exercise_group_id: number;
    status: string;
    completed_exercises: { reps: number[]; weights: number[] }[];
  }[];
}

beforeAll(async () => {
  t = await createTestApp();
  const { client } = await member(t);
  const id = (await client.get('/api/workout?scope=library&limit=1')).json<{
    items: { id: number }[];
  }>().items[0]!.id;
  workout = (await client.get(`/api/workout/${id}`)).json();
});
afterAll(async () => {
  await t.close();
});

describe('guided workouts', () => {
  it('walks groups with complete and skip, then logs with the session and finishes it', async () => {
    const { client } = await member(t, { measurement_type: 'imperial', weight: 150, height: 65 });
    expect((await client.get(`/api/workout/${workout.id}/guided`)).json()).toEqual({
      session: null,
    });

    const [g1, g2] = workout.groups;
    const done = await client.post(`/api/workout/${workout.id}/guided/complete`, {
      exercise_group_id: g1!.id,
      completed_exercises: [
        { exercise_id: g1!.exercises[0]!.exercise_id, reps: [10, 8], weights: [45, 45] },
      ],
    });
    expect(done.statusCode).toBe(200);
    const skipped = await client.post(`/api/workout/${workout.id}/guided/skip`, {
      exercise_group_id: g2!.id,
    });
    const session = skipped.json<Session>();
    expect(session.groups.map((g) => g.status)).toEqual(['completed', 'skipped']);
    expect(session.groups[0]!.completed_exercises[0]!.weights).toEqual([45, 45]);

    // Resuming after a reload finds the same session.
    const active = (await client.get(`/api/workout/${workout.id}/guided`)).json<{
      session: Session;
    }>();
    expect(active.session.id).toBe(session.id);

    const logged = await client.post(`/api/workout/${workout.id}/log`, {
      energy_level: 3,
      sleep_quality: 3,
      guided_session_id: session.id,
      completedExercises: [
        { exercise_id: g1!.exercises[0]!.exercise_id, reps: [10, 8], weights: [45, 45] },
      ],
    });
    expect(logged.statusCode).toBe(201);
    expect((await client.get(`/api/workout/${workout.id}/guided`)).json()).toEqual({
      session: null,
    });
    const history = (await client.get('/api/workout_log')).json<{ items: { source: string }[] }>();
    expect(history.items[0]!.source).toBe('guided');

    // A finished session cannot be logged again.
    const again = await client.post(`/api/workout/${workout.id}/log`, {
      energy_level: 3,
      sleep_quality: 3,
      guided_session_id: session.id,
    });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a group of another workout and someone else’s session', async () => {
    const a = await member(t);
    const b = await member(t);
    const other = (await a.client.get('/api/workout?scope=library&limit=2')).json<{
      items: { id: number }[];
    }>().items[1]!;
    const otherDetail = (await a.client.get(`/api/workout/${other.id}`)).json<typeof workout>();
    const wrong = await a.client.post(`/api/workout/${workout.id}/guided/complete`, {
      exercise_group_id: otherDetail.groups[0]!.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('exercise_group_id');

    const mine = (
      await a.client.post(`/api/workout/${workout.id}/guided/skip`, {
        exercise_group_id: workout.groups[0]!.id,
      })
    ).json<Session>();
    const stolen = await b.client.post(`/api/workout/${workout.id}/log`, {
      energy_level: 3,
      sleep_quality: 3,
      guided_session_id: mine.id,
    });
    expect(stolen.statusCode).toBe(400);
    expect((await b.client.get('/api/workout_log')).json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('starts over by abandoning the session in progress', async () => {
    const { client } = await member(t);
    await client.post(`/api/workout/${workout.id}/guided/skip`, {
      exercise_group_id: workout.groups[0]!.id,
    });
    expect((await client.delete(`/api/workout/${workout.id}/guided`)).statusCode).toBe(204);
    expect((await client.get(`/api/workout/${workout.id}/guided`)).json()).toEqual({
      session: null,
    });
    expect((await client.post(`/api/workout/${workout.id}/guided/skip`, {})).statusCode).toBe(400);
  });
});
