import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeDetail, Leaderboard } from '@fitcoach/shared/challenges';
import { openCable, type RawCable } from '../../plugins/cable/cable-test-client';
import {
  createTestApp,
  libraryWorkoutId,
  member,
  type TestApp,
  type TestClient,
} from '../../test/test-app';

let t: TestApp;
let workoutId: number;
let exerciseId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { client } = await member(t);
  workoutId = await libraryWorkoutId(client);
  const found = (await client.get('/api/exercise?q=bench press&limit=5')).json<{
    items: { id: number; kind: string }[];
  }>();
  exerciseId = found.items.find((e) => e.kind === 'reps')!.id;
});
afterAll(async () => {
  await t.close();
});

const follow = (id: number | string) =>
  JSON.stringify({ channel: 'ChallengeChannel', challenge_id: id });

async function subscribe(cable: RawCable, identifier: string) {
  await cable.ofType('welcome');
  cable.send({ command: 'subscribe', identifier });
  const answer = await cable.next((f) => f.identifier === identifier && typeof f.type === 'string');
  return answer.type;
}

function board(cable: RawCable, identifier: string, match: (b: Leaderboard) => boolean) {
  return cable.next((f) => {
    if (f.identifier !== identifier || typeof f.message !== 'object' || f.message === null) {
      return false;
    }
    const message = f.message as { type?: unknown; leaderboard?: Leaderboard };
    return message.type === 'leaderboard' && !!message.leaderboard && match(message.leaderboard);
  });
}

async function friendsOnlyChallenge(author: TestClient) {
  const res = await author.post('/api/challenge', {
    title: 'Live board',
    duration: 5,
    start_date: new Date().toISOString().slice(0, 10),
    visibility: 'friends',
    requirements: [{ workout_id: workoutId, uploadRequired: false, description: '' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ChallengeDetail>();
}

describe('ChallengeChannel', () => {
  it('pushes the leaderboard to those who may see the challenge as members join and complete', async () => {
    const author = await member(t, { name: 'Ana' });
    const c = await friendsOnlyChallenge(author.client);
    const stranger = await member(t, { name: 'Sol' });
    const strangerCable = await openCable(t.app, stranger.client);
    const authorCable = await openCable(t.app, author.client);
    try {
      expect(await subscribe(strangerCable, follow(c.id))).toBe('reject_subscription');
      expect(await subscribe(authorCable, follow('1'))).toBe('reject_subscription');
      expect(await subscribe(authorCable, follow(2_147_483_648))).toBe('reject_subscription');
      expect(await subscribe(authorCable, follow(c.id))).toBe('confirm_subscription');

      // The author takes part in their own challenge: joined, logged, completed.
      await author.client.post(`/api/challenge/${c.id}/join`);
      const joined = await board(authorCable, follow(c.id), (b) => b.participant_count === 1);
      expect(joined.message).toMatchObject({
        leaderboard: { challenge_id: c.id, entries: [{ member: { name: 'Ana' }, completed: 0 }] },
      });
      const logged = await author.client.post(`/api/workout/${workoutId}/log`, {
        note: '',
        liked_or_disliked: 'liked',
        completedExercises: [{ exercise_id: exerciseId, reps: [5], weights: [40] }],
        energy_level: 3,
        sleep_quality: 3,
      });
      expect(logged.statusCode).toBe(201);
      const requirement = c.requirements[0]!.id;
      const sent = await author.client.post(
        `/api/challenge/${c.id}/requirements/${requirement}/submit`,
        {},
      );
      expect(sent.statusCode).toBe(200);
      const done = await board(authorCable, follow(c.id), (b) => b.entries[0]?.completed === 1);
      expect(done.message).toMatchObject({
        leaderboard: { entries: [{ completed: 1, finished_at: expect.any(String) }] },
      });
      expect(strangerCable.frames.some((f) => f.identifier === follow(c.id) && f.message)).toBe(
        false,
      );
    } finally {
      strangerCable.close();
      authorCable.close();
    }
  });
});
