import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberBlocks } from '../../db/schema/social';
import { toViewer } from '../../lib/viewer';
import { generateDiet } from '../diets/diets.service';
import { generateProgram } from '../programs/programs.service';
import { findUserById } from '../users/users.service';
import {
  befriend,
  createTestApp,
  libraryWorkoutId,
  member,
  type TestApp,
  type TestClient,
} from '../../test/test-app';

let t: TestApp;
let exerciseId: number;

interface Entry {
  id: number;
  mine: boolean;
  title: string;
  performed_on: string;
  member: { id: number; name: string; avatar_url: string | null };
  total_volume: number;
  weight_unit: string;
  achievements: { header: string; img: string }[];
  kudos_count: number;
  kudos_given: boolean;
  comment_count: number;
  comments: { id: number; body: string; can_delete: boolean; author: { id: number } }[];
}
interface FeedPage {
  items: Entry[];
  next_cursor: string | null;
}

beforeAll(async () => {
  t = await createTestApp();
  const { client } = await member(t);
  const all = (await client.get('/api/exercise?limit=100')).json<{
    items: { id: number; kind: string }[];
  }>();
  exerciseId = all.items.find((e) => e.kind === 'reps')!.id;
});
afterAll(async () => {
  await t.close();
});

/** A manual log of `title` on `date`: 5 reps × 100 kg (500 kg of volume). */
async function logWorkout(client: TestClient, title: string, date: string): Promise<number> {
  const res = await client.post('/api/workout_log/manual', {
    title,
    performed_on: date,
    duration_minutes: 45,
    completedExercises: [{ exercise_id: exerciseId, reps: [5], weights: [100] }],
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ log_id: number }>().log_id;
}

async function friends(overrides: Record<string, unknown> = {}) {
  const a = await member(t, { name: 'Ana Reader' });
  const b = await member(t, { name: 'Ben Lifter', ...overrides });
  await befriend(t, a.user.id, b.user.id);
  return { a, b };
}

const feedOf = async (client: TestClient, query = '') =>
  (await client.get(`/api/feed${query}`)).json<FeedPage>();

describe('GET /api/feed', () => {
  it('shows on the next read what changed since the last: kudos, comments, names, visibility, blocks', async () => {
    const { a, b } = await friends();
    const logId = await logWorkout(b.client, 'Cached entry', '2026-02-01');
    const entry = async (client: TestClient) =>
      (await feedOf(client)).items.find((e) => e.id === logId);
    expect(await entry(a.client)).toMatchObject({ kudos_count: 0, comment_count: 0 });
    expect(await entry(b.client)).toMatchObject({ kudos_count: 0 });

    expect((await a.client.post(`/api/feed/${logId}/kudos`, {})).statusCode).toBe(200);
    expect(await entry(b.client)).toMatchObject({ kudos_count: 1, kudos_given: false });
    expect(
      (await b.client.post(`/api/feed/${logId}/comments`, { body: 'Thanks!' })).statusCode,
    ).toBe(201);
    expect(await entry(a.client)).toMatchObject({
      kudos_count: 1,
      kudos_given: true,
      comment_count: 1,
    });

    const profile = (await b.client.get('/api/profile')).json<Record<string, unknown>>();
    const renamed = await b.client.put('/api/profile', {
      ...Object.fromEntries(
        [
          'email',
          'gender',
          'birth_date',
          'measurement_type',
          'weight',
          'height',
          'workout_goal',
          'sport_type',
          'meal_preference',
        ].map((k) => [k, profile[k]]),
      ),
      name: 'Ben Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await entry(a.client))?.member.name).toBe('Ben Renamed');

    await b.client.put('/api/profile/activity_visibility', { activity_visibility: 'only_me' });
    expect(await entry(a.client)).toBeUndefined();
    await b.client.put('/api/profile/activity_visibility', { activity_visibility: 'friends' });
    expect(await entry(a.client)).toBeDefined();
    expect((await b.client.post(`/api/friends/${a.user.id}/block`)).statusCode).toBe(200);
    expect(await entry(a.client)).toBeUndefined();
  });

  it('shows friends’ logs and your own, newest first, with paging', async () => {
    const { a, b } = await friends();
    const stranger = await member(t);
    await logWorkout(b.client, 'Oldest', '2026-01-01');
    await logWorkout(a.client, 'Mine', '2026-01-02');
    await logWorkout(b.client, 'Newest', '2026-01-04');
    await logWorkout(b.client, 'Same day, later', '2026-01-04');
    await logWorkout(stranger.client, 'Not a friend', '2026-01-03');

    const first = await feedOf(a.client, '?limit=2');
    expect(first.items.map((e) => e.title)).toEqual(['Same day, later', 'Newest']);
    expect(first.items[0]!.member).toMatchObject({ id: b.user.id, name: 'Ben Lifter' });
    expect(first.items[0]!.mine).toBe(false);
    const second = await feedOf(a.client, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((e) => e.title)).toEqual(['Mine', 'Oldest']);
    expect(second.items[0]!.mine).toBe(true);
    expect(second.next_cursor).toBeNull();
  });

  it('gives the volume in the reader’s units and the achievements in their language', async () => {
    const { a, b } = await friends();
    await logWorkout(b.client, 'First ever', '2026-02-01');
    await a.client.put('/api/profile', {
      ...(await a.client.get('/api/profile')).json<Record<string, unknown>>(),
      measurement_type: 'imperial',
      weight: 140,
      height: 67,
    });
    const entry = (await feedOf(a.client)).items.find((e) => e.title === 'First ever')!;
    expect(entry.weight_unit).toBe('lb');
    expect(entry.total_volume).toBeCloseTo(1102.31, 1);
    expect(entry.achievements.length).toBeGreaterThan(0);
    const spanish = await a.client.request('GET', '/api/feed', undefined, {
      headers: { 'accept-language': 'es' },
    });
    const english = entry.achievements[0]!.header;
    const worded = spanish.json<FeedPage>().items.find((e) => e.title === 'First ever')!;
    expect(worded.achievements[0]!.header).not.toBe(english);
  });

  it('hides members who chose “only me”, at once', async () => {
    const { a, b } = await friends();
    await logWorkout(b.client, 'Private soon', '2026-03-01');
    expect((await feedOf(a.client)).items.map((e) => e.title)).toContain('Private soon');

    const put = await b.client.put('/api/profile/activity_visibility', {
      activity_visibility: 'only_me',
    });
    expect(put.statusCode).toBe(200);
    expect((await b.client.get('/api/profile')).json()).toMatchObject({
      activity_visibility: 'only_me',
    });
    expect((await feedOf(a.client)).items).toEqual([]);
    // Their own feed still shows it.
    expect((await feedOf(b.client)).items.map((e) => e.title)).toEqual(['Private soon']);

    await b.client.put('/api/profile/activity_visibility', { activity_visibility: 'friends' });
    expect((await feedOf(a.client)).items.map((e) => e.title)).toEqual(['Private soon']);
  });

  it('hides blocked members and members who are only asked', async () => {
    const { a, b } = await friends();
    await logWorkout(b.client, 'Blocked later', '2026-03-02');
    await t.database.db.insert(memberBlocks).values({ blockerId: a.user.id, blockedId: b.user.id });
    expect((await feedOf(a.client)).items).toEqual([]);
    expect((await feedOf(b.client)).items.map((e) => e.title)).toEqual(['Blocked later']);

    // A pending request (one row) is no friendship.
    const c = await member(t);
    const { friendships } = await import('../../db/schema/social');
    await t.database.db
      .insert(friendships)
      .values({ userId: a.user.id, friendId: c.user.id, status: 'accepted' });
    await logWorkout(c.client, 'Asked only', '2026-03-03');
    expect((await feedOf(a.client)).items).toEqual([]);
  });

  it('refuses a bad cursor or limit with a 400', async () => {
    const { a } = await friends();
    expect((await a.client.get('/api/feed?cursor=nonsense')).statusCode).toBe(400);
    expect((await a.client.get('/api/feed?limit=0')).statusCode).toBe(400);
    expect((await a.client.get('/api/feed?limit=1000')).statusCode).toBe(400);
    expect((await a.client.get('/api/feed?cursor=%00')).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify({ performedOn: 'x', id: 1 })).toString('base64url');
    expect((await a.client.get(`/api/feed?cursor=${forged}`)).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const { TestClient } = await import('../../test/test-app');
    expect((await new TestClient(t.app).get('/api/feed')).statusCode).toBe(401);
  });
});

describe('kudos and comments', () => {
  it('gives kudos once, takes it back, and tells the owner', async () => {
    const { a, b } = await friends();
    const logId = await logWorkout(b.client, 'Kudos please', '2026-04-01');

    const give = await a.client.post(`/api/feed/${logId}/kudos`, { given: true });
    expect(give.statusCode).toBe(200);
    expect(give.json()).toEqual({ log_id: logId, given: true, kudos_count: 1 });
    // Idempotent: the same answer, no second kudos and no second notification.
    expect((await a.client.post(`/api/feed/${logId}/kudos`, { given: true })).json()).toEqual({
      log_id: logId,
      given: true,
      kudos_count: 1,
    });
    const entry = (await feedOf(a.client)).items[0]!;
    expect(entry).toMatchObject({ kudos_count: 1, kudos_given: true });

    const notes = (await b.client.get('/api/notifications')).json<{
      items: { kind: string; title: string; body: string; actor: { id: number } }[];
    }>().items;
    const kudos = notes.filter((n) => n.kind === 'feed_kudos');
    expect(kudos).toHaveLength(1);
    expect(kudos[0]).toMatchObject({
      title: 'Ana Reader gave you kudos',
      body: 'Kudos please',
      actor: { id: a.user.id },
    });

    // Toggle without `given` takes it back.
    expect((await a.client.post(`/api/feed/${logId}/kudos`, {})).json()).toMatchObject({
      given: false,
      kudos_count: 0,
    });
  });

  it('does not notify you of kudos or comments on your own workout', async () => {
    const { a } = await friends();
    const logId = await logWorkout(a.client, 'My own', '2026-04-02');
    expect((await a.client.post(`/api/feed/${logId}/kudos`, { given: true })).statusCode).toBe(200);
    expect(
      (await a.client.post(`/api/feed/${logId}/comments`, { body: 'Felt good' })).statusCode,
    ).toBe(201);
    const notes = (await a.client.get('/api/notifications')).json<{ items: { kind: string }[] }>();
    expect(notes.items.filter((n) => n.kind.startsWith('feed_'))).toEqual([]);
  });

  it('comments: trimmed, paged, counted, notified, deletable by author and owner only', async () => {
    const { a, b } = await friends();
    const c = await member(t, { name: 'Cat Third' });
    await befriend(t, c.user.id, b.user.id);
    const logId = await logWorkout(b.client, 'Talk about it', '2026-04-03');

    const first = await a.client.post(`/api/feed/${logId}/comments`, { body: '  Nice one!  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ body: 'Nice one!', can_delete: true, log_id: logId });
    for (const body of ['two', 'three', 'four']) {
      await c.client.post(`/api/feed/${logId}/comments`, { body });
    }
    const entry = (await feedOf(a.client)).items.find((e) => e.id === logId)!;
    expect(entry.comment_count).toBe(4);
    expect(entry.comments.map((x) => x.body)).toEqual(['two', 'three', 'four']);
    expect(entry.comments.every((x) => !x.can_delete)).toBe(true);

    const page1 = (await a.client.get(`/api/feed/${logId}/comments?limit=3`)).json<{
      items: { body: string }[];
      next_cursor: string;
    }>();
    expect(page1.items.map((x) => x.body)).toEqual(['four', 'three', 'two']);
    const page2 = (
      await a.client.get(`/api/feed/${logId}/comments?limit=3&cursor=${page1.next_cursor}`)
    ).json<{ items: { body: string }[]; next_cursor: string | null }>();
    expect(page2.items.map((x) => x.body)).toEqual(['Nice one!']);
    expect(page2.next_cursor).toBeNull();

    const notes = (await b.client.get('/api/notifications')).json<{
      items: { kind: string; title: string; body: string }[];
    }>().items;
    expect(notes.filter((n) => n.kind === 'feed_comment')).toHaveLength(4);
    expect(notes).toContainEqual(
      expect.objectContaining({
        kind: 'feed_comment',
        title: 'Ana Reader commented on your workout',
        body: 'Nice one!',
      }),
    );

    // Cat may not delete Ana's comment; Ben (the owner) may; Ana may delete her own.
    const anaComment = first.json<{ id: number }>().id;
    expect((await c.client.delete(`/api/feed/comments/${anaComment}`)).statusCode).toBe(403);
    const catComment = (await c.client.get(`/api/feed/${logId}/comments`)).json<{
      items: { id: number; body: string }[];
    }>().items[0]!.id;
    expect((await b.client.delete(`/api/feed/comments/${catComment}`)).statusCode).toBe(204);
    expect((await a.client.delete(`/api/feed/comments/${anaComment}`)).statusCode).toBe(204);
    expect((await a.client.delete(`/api/feed/comments/${anaComment}`)).statusCode).toBe(404);
    const stranger = await member(t);
    const left = (await c.client.get(`/api/feed/${logId}/comments`)).json<{
      items: { id: number }[];
    }>().items;
    expect((await stranger.client.delete(`/api/feed/comments/${left[0]!.id}`)).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for entries you may not see, never saying they exist', async () => {
    const { a, b } = await friends();
    const stranger = await member(t);
    const logId = await logWorkout(b.client, 'Friends only', '2026-04-04');
    const missing = 2_000_000_000;
    for (const client of [stranger.client]) {
      for (const id of [logId, missing]) {
        const kudos = await client.post(`/api/feed/${id}/kudos`, { given: true });
        expect(kudos.statusCode).toBe(404);
        expect(kudos.json()).toMatchObject({ error: 'not_found' });
        expect((await client.post(`/api/feed/${id}/comments`, { body: 'hi' })).statusCode).toBe(
          404,
        );
        expect((await client.get(`/api/feed/${id}/comments`)).statusCode).toBe(404);
      }
    }
    await b.client.put('/api/profile/activity_visibility', { activity_visibility: 'only_me' });
    expect((await a.client.post(`/api/feed/${logId}/kudos`, { given: true })).statusCode).toBe(404);
    expect((await a.client.post(`/api/feed/${logId}/comments`, { body: 'hi' })).statusCode).toBe(
      404,
    );
  });

  it('refuses empty, huge, control-character and NUL comments and bad ids with a 400', async () => {
    const { a, b } = await friends();
    const logId = await logWorkout(b.client, 'Validate', '2026-04-05');
    for (const body of ['', '   ', 'x'.repeat(501), 'bell\u0007', 'nul\u0000', 42, null]) {
      const res = await a.client.post(`/api/feed/${logId}/comments`, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    const huge = await a.client.post(`/api/feed/${logId}/comments`, { body: 'y'.repeat(200_000) });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(
      (await a.client.post(`/api/feed/${logId}/comments`, { body: 'x'.repeat(500) })).statusCode,
    ).toBe(201);
    expect((await a.client.post(`/api/feed/${logId}/comments`, { body: 'a\nb' })).statusCode).toBe(
      201,
    );
    for (const id of ['abc', '0', '-1', '99999999999', '1e3']) {
      expect((await a.client.post(`/api/feed/${id}/kudos`, {})).statusCode).toBe(400);
      expect((await a.client.get(`/api/feed/${id}/comments`)).statusCode).toBe(400);
      expect((await a.client.delete(`/api/feed/comments/${id}`)).statusCode).toBe(400);
    }
    expect((await a.client.post(`/api/feed/${logId}/kudos`, { given: 'yes' })).statusCode).toBe(
      400,
    );
  });

  it('refuses writes without the CSRF token', async () => {
    const { a, b } = await friends();
    const logId = await logWorkout(b.client, 'CSRF', '2026-04-06');
    expect(
      (await a.client.post(`/api/feed/${logId}/kudos`, { given: true }, { csrf: false }))
        .statusCode,
    ).toBe(403);
  });
});

describe('Shared with me', () => {
  async function share(from: TestClient, friendId: number, workoutId: number) {
    const res = await from.post('/api/workout/share_workout', {
      friend_id: friendId,
      workout_id: workoutId,
    });
    expect(res.statusCode).toBe(200);
  }

  it('lists shares from friends, newest first, and saves a copy', async () => {
    const { a, b } = await friends();
    const libraryId = await libraryWorkoutId(a.client);
    const own = await b.client.post('/api/workout', {
      title: 'Ben’s plan',
      description: '',
      goal: 'hiit',
      level: 'beginner',
      estimated_minutes: 30,
      is_public: false,
      tag_ids: [],
      groups: [
        {
          kind: 'single',
          rest_seconds: 60,
          exercises: [{ exercise_id: exerciseId, sets: 3, reps: 10 }],
        },
      ],
    });
    const ownId = own.json<{ id: number }>().id;
    await share(b.client, a.user.id, libraryId);
    await share(b.client, a.user.id, ownId);

    const page = (await a.client.get('/api/shared?limit=1')).json<{
      items: {
        id: number;
        from: { id: number; name: string };
        workout: { id: number; title: string };
      }[];
      next_cursor: string;
    }>();
    expect(page.items[0]).toMatchObject({
      from: { id: b.user.id, name: 'Ben Lifter' },
      workout: { id: ownId, title: 'Ben’s plan' },
    });
    const next = (await a.client.get(`/api/shared?limit=1&cursor=${page.next_cursor}`)).json<{
      items: { workout: { id: number } }[];
      next_cursor: string | null;
    }>();
    expect(next.items.map((i) => i.workout.id)).toEqual([libraryId]);

    const saved = await a.client.post(`/api/shared/${page.items[0]!.id}/save`);
    expect(saved.statusCode).toBe(201);
    const copy = saved.json<{
      id: number;
      title: string;
      can_edit: boolean;
      owner: { id: number };
      copied_from_id: number;
      groups: { exercises: { exercise_id: number; reps: number }[] }[];
    }>();
    expect(copy).toMatchObject({
      can_edit: true,
      owner: { id: a.user.id },
      copied_from_id: ownId,
      title: 'Ben’s plan (copy)',
    });
    expect(copy.groups[0]!.exercises[0]).toMatchObject({ exercise_id: exerciseId, reps: 10 });
    const mine = (await a.client.get('/api/workout?scope=mine')).json<{
      items: { id: number }[];
    }>();
    expect(mine.items.map((w) => w.id)).toContain(copy.id);

    // Someone else cannot save from a share that is not theirs.
    const stranger = await member(t);
    expect((await stranger.client.post(`/api/shared/${page.items[0]!.id}/save`)).statusCode).toBe(
      404,
    );
    expect((await a.client.post('/api/shared/2000000000/save')).statusCode).toBe(404);
    expect((await a.client.post('/api/shared/abc/save')).statusCode).toBe(400);
  });

  it('hides shares from members since blocked or unfriended', async () => {
    const { a, b } = await friends();
    const libraryId = await libraryWorkoutId(a.client);
    await share(b.client, a.user.id, libraryId);
    const list = async () =>
      (await a.client.get('/api/shared')).json<{ items: { id: number }[] }>().items;
    const [item] = await list();
    expect(item).toBeDefined();

    await t.database.db.insert(memberBlocks).values({ blockerId: b.user.id, blockedId: a.user.id });
    expect(await list()).toEqual([]);
    expect((await a.client.post(`/api/shared/${item!.id}/save`)).statusCode).toBe(404);
    await t.database.db.delete(memberBlocks).where(eq(memberBlocks.blockerId, b.user.id));
    expect(await list()).toHaveLength(1);

    await t.database.db.execute(
      sql`delete from friendships where user_id = ${b.user.id} and friend_id = ${a.user.id}`,
    );
    expect(await list()).toEqual([]);
  });

  it('lists the diets and programs friends shared, newest first, and hides them after a block', async () => {
    const { a, b } = await friends();
    const viewer = toViewer((await findUserById(t.database.db, b.user.id))!);
    const request = { trainer_action: 'workout' as const, gender: 'male' as const, seed: 3 };
    const diets = [
      await generateDiet(t.app.ctx, viewer, { ...request, trainer_action: 'diet', age: 30 }),
      await generateDiet(t.app.ctx, viewer, { ...request, trainer_action: 'diet', age: 40 }),
    ];
    const program = await generateProgram(t.app.ctx, viewer, {
      ...request,
      age: 30,
      workout_frequency: 2,
      workout_plan_length: 2,
      workout_length: 30,
      workout_goal: 'hiit',
    });
    for (const d of diets) {
      const res = await b.client.post('/api/diet/share_diet', {
        friend_id: a.user.id,
        diet_id: d.diet_id,
      });
      expect(res.statusCode).toBe(200);
    }
    const shared = await b.client.post('/api/program/share_program', {
      friend_id: a.user.id,
      program_id: program.program_id,
    });
    expect(shared.statusCode).toBe(200);

    type Page<K extends string> = {
      items: (Record<K, { id: number; owner: { id: number } }> & {
        from: { id: number; name: string };
        shared_at: string;
      })[];
      next_cursor: string | null;
    };
    const first = (await a.client.get('/api/shared/diets?limit=1')).json<Page<'diet'>>();
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({
      from: { id: b.user.id, name: 'Ben Lifter' },
      diet: { id: diets[1]!.diet_id, owner: { id: b.user.id }, shared_with_me: true },
    });
    const rest = (await a.client.get(`/api/shared/diets?limit=1&cursor=${first.next_cursor}`)).json<
      Page<'diet'>
    >();
    expect(rest.items.map((i) => i.diet.id)).toEqual([diets[0]!.diet_id]);
    const programs = (await a.client.get('/api/shared/programs')).json<Page<'program'>>();
    expect(programs.items).toHaveLength(1);
    expect(programs.items[0]).toMatchObject({
      from: { id: b.user.id },
      program: { id: program.program_id, is_mine: false, weeks: 2 },
    });
    // Nothing shared the other way.
    expect((await b.client.get('/api/shared/programs')).json<Page<'program'>>().items).toEqual([]);
    expect((await a.client.get('/api/shared/diets?limit=0')).statusCode).toBe(400);

    await t.database.db.insert(memberBlocks).values({ blockerId: a.user.id, blockedId: b.user.id });
    expect((await a.client.get('/api/shared/diets')).json<Page<'diet'>>().items).toEqual([]);
    expect((await a.client.get('/api/shared/programs')).json<Page<'program'>>().items).toEqual([]);
  });
});
