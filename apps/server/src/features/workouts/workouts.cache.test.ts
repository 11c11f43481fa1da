import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from '../../lib/pubsub';
import {
  createTestApp,
  member,
  TestClient,
  type TestApp,
  libraryWorkoutId,
} from '../../test/test-app';

/** This file's own channels on the shared Redis: test files run at once must not hear each other. */
const namespace = `fitcoach-test:${randomUUID()}:`;

// Cached answers must never outlive what they were built from, on this node or another.

let t: TestApp;
let workoutId: number;
beforeAll(async () => {
  t = await createTestApp();
  const { client } = await member(t);
  workoutId = await libraryWorkoutId(client);
});
afterAll(async () => {
  await t.close();
});

async function anyExerciseId(client: TestClient): Promise<number> {
  const page = await client.get('/api/exercise?q=squat&limit=5');
  return page
    .json<{ items: { id: number; kind: string }[] }>()
    .items.find((e) => e.kind === 'reps')!.id;
}

describe('cached answers', () => {
  it('are compressed as the client asks, and the same either way', async () => {
    const { client } = await member(t);
    const plain = await client.get(`/api/workout/${workoutId}`);
    const br = await client.request('GET', `/api/workout/${workoutId}`, undefined, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('follow a change of units at once', async () => {
    const { client } = await member(t);
    const before = (await client.get(`/api/workout/${workoutId}`)).json<{ weight_unit: string }>();
    expect(before.weight_unit).toBe('kg');
    const profile = (await client.get('/api/profile')).json<Record<string, unknown>>();
    const res = await client.put('/api/profile', {
      ...profile,
      measurement_type: 'imperial',
      weight: 150,
      height: 66,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await client.get(`/api/workout/${workoutId}`)).json<{ weight_unit: string }>().weight_unit,
    ).toBe('lb');
    const chart = (await client.post('/api/workout/chart_data', {})).json<{
      weight_unit: string;
    }>();
    expect(chart.weight_unit).toBe('lb');
  });

  it('follow a rename of the workout’s author on everyone’s workout page', async () => {
    const author = await member(t, { name: 'Maya Rivera' });
    const created = await author.client.post('/api/workout', {
      title: 'Maya’s circuit',
      description: '',
      goal: 'hiit',
      level: 'beginner',
      estimated_minutes: 20,
      is_public: true,
      tag_ids: [],
      groups: [
        {
          kind: 'single',
          rest_seconds: 60,
          notes: '',
          exercises: [
            {
              exercise_id: await anyExerciseId(author.client),
              sets: 3,
              reps: 10,
              weight: null,
              duration_seconds: null,
              rest_seconds: 60,
            },
          ],
        },
      ],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const { client: reader } = await member(t);
    const ownerName = async () =>
      (await reader.get(`/api/workout/${id}`)).json<{ owner: { name: string } }>().owner.name;
    expect(await ownerName()).toBe('Maya Rivera');
    const profile = (await author.client.get('/api/profile')).json<Record<string, unknown>>();
    expect(
      (await author.client.put('/api/profile', { ...profile, name: 'Maya Renamed' })).statusCode,
    ).toBe(200);
    expect(await ownerName()).toBe('Maya Renamed');
  });

  it('follow a new log in the history and charts', async () => {
    const { client } = await member(t);
    expect((await client.get('/api/workout_log')).json<{ items: unknown[] }>().items).toHaveLength(
      0,
    );
    expect(
      (await client.post('/api/workout/chart_data', {})).json<{ volume: unknown[] }>().volume,
    ).toHaveLength(0);
    await client.post(`/api/workout/${workoutId}/log`, { energy_level: 3, sleep_quality: 3 });
    expect((await client.get('/api/workout_log')).json<{ items: unknown[] }>().items).toHaveLength(
      1,
    );
    expect(
      (await client.post('/api/workout/chart_data', {})).json<{ volume: unknown[] }>().volume,
    ).toHaveLength(1);
  });
});

/** Two app nodes on one database, sharing invalidations through the pub/sub. */
async function twoNodes(pubsubs: [PubSub, PubSub]) {
  const a = await createTestApp({}, { pubsub: pubsubs[0] });
  const b = await createTestApp({}, { database: a.database, pubsub: pubsubs[1] });
  return { a, b };
}

async function checkAcrossNodes(a: TestApp, b: TestApp, id: number) {
  // The same member, signed in once, talks to both nodes (a load balancer would do this).
  const onA = new TestClient(a.app);
  const created = await member(a);
  onA.cookies.set('fitcoach_session', created.client.cookies.get('fitcoach_session')!);
  onA.cookies.set('fitcoach_csrf', created.client.cookies.get('fitcoach_csrf')!);
  onA.csrfToken = created.client.csrfToken;
  const onB = new TestClient(b.app);
  for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
  onB.csrfToken = onA.csrfToken;

  const groupId = (await onA.get(`/api/workout/${id}`)).json<{
    groups: { id: number }[];
  }>().groups[0]!.id;
  const url = `/api/workout/${id}`;
  expect((await onA.get(url)).json<{ groups: { liked: boolean }[] }>().groups[0]!.liked).toBe(
    false,
  );
  // Liked through node B: node A's cached answer must not be served any more.
  await onB.post('/api/workout/like', { exercise_group_id: groupId, liked: true });
  await new Promise((r) => setTimeout(r, 100));
  expect((await onA.get(url)).json<{ groups: { liked: boolean }[] }>().groups[0]!.liked).toBe(true);

  // Signed out through node B: node A forgets the session too.
  expect((await onA.get('/api/profile')).statusCode).toBe(200);
  await onB.delete('/api/auth/sign_out');
  await new Promise((r) => setTimeout(r, 100));
  expect((await onA.get('/api/profile')).statusCode).toBe(401);
}

describe('two nodes', () => {
  it('share invalidations through one pub/sub (in-process)', async () => {
    const bus = createMemoryPubSub();
    const { a, b } = await twoNodes([bus, bus]);
    try {
      await checkAcrossNodes(a, b, workoutId);
    } finally {
      await b.close();
      await a.close();
      await bus.close();
    }
  });

  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) {
    it('share invalidations through Redis', async () => {
      const buses: [PubSub, PubSub] = [
        await createRedisPubSub(redisUrl, namespace),
        await createRedisPubSub(redisUrl, namespace),
      ];
      const { a, b } = await twoNodes(buses);
      try {
        await checkAcrossNodes(a, b, workoutId);
      } finally {
        await b.close();
        await a.close();
        await Promise.all(buses.map((x) => x.close()));
      }
    });
  }
});
