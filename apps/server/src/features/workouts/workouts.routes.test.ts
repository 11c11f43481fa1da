import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workoutInputOf, type WorkoutDetail } from '@fitcoach/shared/workouts';
import {
  befriend,
  createTestApp,
  member,
  type TestApp,
  type TestClient,
} from '../../test/test-app';

let t: TestApp;
let exerciseIds: { reps: number; timed: number; other: number };

interface Detail {
  id: number;
  title: string;
  can_edit: boolean;
  is_public: boolean;
  weight_unit: string;
  owner: { id: number; name: string } | null;
  copied_from_id: number | null;
  tags: { id: number }[];
  groups: {
    id: number;
    kind: string;
    liked: boolean;
    like_count: number;
    exercises: {
      exercise_id: number;
      sets: number;
      reps: number | null;
      weight: number | null;
      duration_seconds: number | null;
    }[];
  }[];
}
interface Page {
  items: {
    id: number;
    title: string;
    goal: string;
    owner: unknown;
    exercise_count: number;
    tags: { id: number }[];
  }[];
  next_cursor: string | null;
}

beforeAll(async () => {
  t = await createTestApp();
  const { client } = await member(t);
  const all = (await client.get('/api/exercise?limit=100')).json<{
    items: { id: number; kind: string }[];
  }>();
  const reps = all.items.filter((e) => e.kind === 'reps');
  const timed = all.items.find((e) => e.kind === 'timed')!;
  exerciseIds = { reps: reps[0]!.id, timed: timed.id, other: reps[1]!.id };
});
afterAll(async () => {
  await t.close();
});

function workoutBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Monday strength',
    description: 'Heavy day.',
    goal: 'weight_lifting',
    level: 'intermediate',
    estimated_minutes: 50,
    is_public: false,
    tag_ids: [],
    groups: [
      {
        kind: 'single',
        rest_seconds: 120,
        exercises: [{ exercise_id: exerciseIds.reps, sets: 5, reps: 5, weight: 100 }],
      },
      {
        kind: 'superset',
        rest_seconds: 60,
        exercises: [
          { exercise_id: exerciseIds.other, sets: 3, reps: 10, weight: 20.5 },
          { exercise_id: exerciseIds.timed, sets: 3, duration_seconds: 45 },
        ],
      },
    ],
    ...overrides,
  };
}

async function create(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/workout', workoutBody(overrides));
  expect(res.statusCode).toBe(201);
  return res.json<Detail>();
}

describe('library and lists', () => {
  it('lists at least 20 public library workouts across the goals', async () => {
    const { client } = await member(t);
    const page = (await client.get('/api/workout?scope=library&limit=100')).json<
      Page & { items: { goal: string }[] }
    >();
    expect(page.items.length).toBeGreaterThanOrEqual(20);
    expect(new Set(page.items.map((w) => w.goal)).size).toBeGreaterThanOrEqual(9);
    expect(page.items.every((w) => w.owner === null && w.exercise_count > 0)).toBe(true);
  });

  it('shows mine in "mine", others’ private ones nowhere', async () => {
    const a = await member(t);
    const b = await member(t);
    const mine = await create(a.client, { title: 'A private plan' });
    expect(
      (await a.client.get('/api/workout?scope=mine')).json<Page>().items.map((w) => w.id),
    ).toEqual([mine.id]);
    const bAll = (
      await b.client.get('/api/workout?scope=all&limit=100&q=private plan')
    ).json<Page>();
    expect(bAll.items.map((w) => w.id)).not.toContain(mine.id);
    expect((await b.client.get(`/api/workout/${mine.id}`)).statusCode).toBe(404);
  });

  it('filters by tag with the spec’s POST form; an empty tag_id clears it', async () => {
    const { client } = await member(t);
    const tags = (await client.get('/api/tags')).json<{ items: { id: number; slug: string }[] }>();
    const boxing = tags.items.find((tg) => tg.slug === 'boxing')!;
    const res = await client.post('/api/workout/filter', { tag_id: boxing.id });
    expect(res.statusCode).toBe(200);
    const filtered = res.json<Page & { tag_id: number }>();
    expect(filtered.tag_id).toBe(boxing.id);
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.every((w) => w.tags.some((tg) => tg.id === boxing.id))).toBe(true);
    const cleared = (await client.post('/api/workout/filter', { tag_id: '' })).json<
      Page & { tag_id: null }
    >();
    expect(cleared.tag_id).toBeNull();
    expect(cleared.items.length).toBeGreaterThan(filtered.items.length);
  });
});

describe('writing workouts', () => {
  it('creates a workout with groups and targets, stored canonically, shown in the member’s units', async () => {
    const { client } = await member(t, { measurement_type: 'imperial', weight: 180, height: 70 });
    const w = await create(client);
    expect(w.weight_unit).toBe('lb');
    expect(w.can_edit).toBe(true);
    expect(w.groups.map((g) => g.kind)).toEqual(['single', 'superset']);
    expect(w.groups[0]!.exercises[0]).toMatchObject({ sets: 5, reps: 5, weight: 100 });
    // A timed exercise keeps its duration and no reps.
    expect(w.groups[1]!.exercises[1]).toMatchObject({ reps: null, duration_seconds: 45 });

    // A metric member sees the same workout in kilograms, once it is shared with them.
    const metric = await member(t);
    await client.put(`/api/workout/${w.id}`, workoutBody({ is_public: true }));
    const seen = (await metric.client.get(`/api/workout/${w.id}`)).json<Detail>();
    expect(seen.weight_unit).toBe('kg');
    expect(seen.groups[0]!.exercises[0]!.weight).toBe(45.36);
    expect(seen.can_edit).toBe(false);
  });

  it('refuses bad input with paths and writes nothing', async () => {
    const { client } = await member(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ groups: [] }, 'groups'],
      [
        {
          groups: [
            {
              kind: 'single',
              exercises: [{ exercise_id: exerciseIds.reps, sets: 3, reps: 5, weight: -5 }],
            },
          ],
        },
        'groups.0.exercises.0.weight',
      ],
      [
        { groups: [{ kind: 'single', exercises: [{ exercise_id: 999999, sets: 3, reps: 5 }] }] },
        'groups.0.exercises.0.exercise_id',
      ],
      [
        { groups: [{ kind: 'single', exercises: [{ exercise_id: exerciseIds.reps, sets: 3 }] }] },
        'groups.0.exercises.0.reps',
      ],
      [
        {
          groups: [
            {
              kind: 'single',
              exercises: [
                { exercise_id: exerciseIds.reps, sets: 3, reps: 5 },
                { exercise_id: exerciseIds.other, sets: 3, reps: 5 },
              ],
            },
          ],
        },
        'groups.0.exercises',
      ],
      [{ tag_ids: [999999] }, 'tag_ids.0'],
    ];
    for (const [overrides, path] of cases) {
      const res = await client.post('/api/workout', workoutBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = res.json<{ error: string; issues: { path: string }[] }>();
      expect(body.error).toBe('validation_failed');
      expect(body.issues.map((i) => i.path)).toContain(path);
    }
    expect((await client.get('/api/workout?scope=mine')).json<Page>().items).toEqual([]);
  });

  it('lets only the author update or delete; others get 403 on public ones and 404 on private ones', async () => {
    const author = await member(t);
    const other = await member(t);
    const pub = await create(author.client, { title: 'Public one', is_public: true });
    const priv = await create(author.client, { title: 'Private one' });

    expect((await other.client.put(`/api/workout/${pub.id}`, workoutBody())).statusCode).toBe(403);
    expect((await other.client.delete(`/api/workout/${pub.id}`)).statusCode).toBe(403);
    expect((await other.client.put(`/api/workout/${priv.id}`, workoutBody())).statusCode).toBe(404);
    expect((await other.client.delete(`/api/workout/${priv.id}`)).statusCode).toBe(404);

    const updated = await author.client.put(
      `/api/workout/${pub.id}`,
      workoutBody({ title: 'Renamed', groups: [workoutBody().groups[0]] }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Detail>()).toMatchObject({ title: 'Renamed' });
    expect(updated.json<Detail>().groups).toHaveLength(1);

    expect((await author.client.delete(`/api/workout/${pub.id}`)).statusCode).toBe(204);
    expect((await author.client.get(`/api/workout/${pub.id}`)).statusCode).toBe(404);
  });

  it('copies any visible workout into a private one of the member’s own', async () => {
    const { client, user } = await member(t);
    const library = (await client.get('/api/workout?scope=library&limit=1')).json<Page>().items[0]!;
    const res = await client.post(`/api/workout/${library.id}/copy`);
    expect(res.statusCode).toBe(201);
    const copy = res.json<Detail>();
    expect(copy).toMatchObject({ is_public: false, can_edit: true, copied_from_id: library.id });
    expect(copy.owner?.id).toBe(user.id);
    expect(copy.title.endsWith('(copy)')).toBe(true);
    const original = (await client.get(`/api/workout/${library.id}`)).json<Detail>();
    expect(copy.groups.map((g) => g.exercises.length)).toEqual(
      original.groups.map((g) => g.exercises.length),
    );
  });

  it("names a copied workout in the member's language, a long title shortened to keep the mark", async () => {
    const { client } = await member(t);
    const library = (await client.get('/api/workout?scope=library&limit=1')).json<Page>().items[0]!;
    const es = { headers: { 'accept-language': 'es' } };
    const copy = (
      await client.request('POST', `/api/workout/${library.id}/copy`, undefined, es)
    ).json<Detail>();
    expect(copy.title).toBe(`${library.title} (copia)`);
    const long = 'L'.repeat(120);
    const full = (await client.get(`/api/workout/${copy.id}`)).json<WorkoutDetail>();
    const renamed = await client.put(`/api/workout/${copy.id}`, {
      ...workoutInputOf(full),
      title: long,
    });
    expect(renamed.statusCode).toBe(200);
    const again = (await client.post(`/api/workout/${copy.id}/copy`)).json<Detail>();
    expect(again.title).toBe(`${'L'.repeat(113)} (copy)`);
  });
});

describe('likes', () => {
  it('toggles a like of a group and counts likes', async () => {
    const a = await member(t);
    const b = await member(t);
    const w = await create(a.client, { is_public: true });
    const groupId = w.groups[0]!.id;
    const liked = (await a.client.post('/api/workout/like', { exercise_group_id: groupId })).json();
    expect(liked).toEqual({ exercise_group_id: groupId, liked: true, like_count: 1 });
    await b.client.post('/api/workout/like', { exercise_group_id: groupId, liked: true });
    const detail = (await a.client.get(`/api/workout/${w.id}`)).json<Detail>();
    expect(detail.groups[0]).toMatchObject({ liked: true, like_count: 2 });
    const unliked = (
      await a.client.post('/api/workout/like', { exercise_group_id: groupId })
    ).json();
    expect(unliked).toMatchObject({ liked: false, like_count: 1 });
  });

  it('answers 404 for a group of a workout the member cannot see', async () => {
    const a = await member(t);
    const b = await member(t);
    const w = await create(a.client);
    const res = await b.client.post('/api/workout/like', { exercise_group_id: w.groups[0]!.id });
    expect(res.statusCode).toBe(404);
    expect((await b.client.post('/api/workout/like', { exercise_group_id: 'x' })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/workout/share_workout', () => {
  it('shares with a friend, who can then open the private workout', async () => {
    const a = await member(t);
    const b = await member(t);
    const w = await create(a.client, { title: 'Shared plan' });
    const refused = await a.client.post('/api/workout/share_workout', {
      friend_id: b.user.id,
      workout_id: w.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'forbidden' });

    await befriend(t, a.user.id, b.user.id);
    const shared = await a.client.post('/api/workout/share_workout', {
      friend_id: b.user.id,
      workout_id: w.id,
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ status: 'shared' });
    expect((await b.client.get(`/api/workout/${w.id}`)).statusCode).toBe(200);
    const sharedList = (await b.client.get('/api/workout?scope=shared')).json<Page>();
    expect(sharedList.items.map((i) => i.id)).toEqual([w.id]);
    const friends = (await a.client.get('/api/friends')).json<{ friends: { id: number }[] }>();
    expect(friends.friends.map((f) => f.id)).toEqual([b.user.id]);
  });

  it('lists, with scope=givable, the library and your own workouts but not those shared with you', async () => {
    const a = await member(t);
    const b = await member(t);
    await befriend(t, a.user.id, b.user.id);
    const theirs = await create(a.client, { title: 'Theirs, shared' });
    const own = await create(b.client, { title: 'Own plan' });
    await a.client.post('/api/workout/share_workout', {
      friend_id: b.user.id,
      workout_id: theirs.id,
    });
    const res = await b.client.get('/api/workout?scope=givable&limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<Page>().items.map((i) => i.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(theirs.id);
    const library = (await b.client.get('/api/workout?scope=library&limit=1')).json<Page>();
    expect(ids).toContain(library.items[0]!.id);
  });

  it('stops a share once either member blocks the other: no reading, copying or listing it', async () => {
    for (const blocker of ['owner', 'friend'] as const) {
      const a = await member(t);
      const b = await member(t);
      await befriend(t, a.user.id, b.user.id);
      const w = await create(a.client, { title: `Blocked by the ${blocker}` });
      await a.client.post('/api/workout/share_workout', { friend_id: b.user.id, workout_id: w.id });
      expect((await b.client.get(`/api/workout/${w.id}`)).statusCode).toBe(200);

      const [from, to] = blocker === 'owner' ? [a, b] : [b, a];
      expect((await from.client.post(`/api/friends/${to.user.id}/block`)).statusCode).toBe(200);
      expect((await b.client.get(`/api/workout/${w.id}`)).statusCode).toBe(404);
      expect((await b.client.post(`/api/workout/${w.id}/copy`)).statusCode).toBe(404);
      const shared = (await b.client.get('/api/workout?scope=shared')).json<Page>();
      expect(shared.items).toEqual([]);
    }
  });

  it('refuses sharing someone else’s private workout, or with yourself', async () => {
    const a = await member(t);
    const b = await member(t);
    const c = await member(t);
    await befriend(t, a.user.id, b.user.id);
    await befriend(t, b.user.id, c.user.id);
    const w = await create(a.client);
    await a.client.post('/api/workout/share_workout', { friend_id: b.user.id, workout_id: w.id });
    const reshare = await b.client.post('/api/workout/share_workout', {
      friend_id: c.user.id,
      workout_id: w.id,
    });
    expect(reshare.statusCode).toBe(403);
    const self = await a.client.post('/api/workout/share_workout', {
      friend_id: a.user.id,
      workout_id: w.id,
    });
    expect(self.statusCode).toBe(422);
  });

  it('answers a missing member exactly as a member who is not a friend', async () => {
    const a = await member(t);
    const stranger = await member(t);
    const w = await create(a.client);
    const share = (friend_id: number) =>
      a.client.post('/api/workout/share_workout', { friend_id, workout_id: w.id });
    const notAFriend = await share(stranger.user.id);
    const missing = await share(2_000_000_000);
    expect(notAFriend.statusCode).toBe(403);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(notAFriend.json());
  });
});
