import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMember,
  befriend,
  createTestApp,
  member,
  type TestApp,
  libraryWorkoutIds,
} from '../../test/test-app';

let t: TestApp;
let workoutIds: number[];

interface NotificationPage {
  items: {
    id: number;
    kind: string;
    title: string;
    body: string;
    actor: { name: string } | null;
  }[];
  next_cursor: string | null;
  unread_count: number;
}

beforeAll(async () => {
  t = await createTestApp();
  const { client } = await member(t);
  workoutIds = await libraryWorkoutIds(client, 3);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/notifications', () => {
  it('lists shares newest first, with an unread count, and pages', async () => {
    const alice = await member(t, { name: 'Alice' });
    const bob = await member(t);
    await befriend(t, alice.user.id, bob.user.id);
    for (const workoutId of workoutIds) {
      const res = await alice.client.post('/api/workout/share_workout', {
        friend_id: bob.user.id,
        workout_id: workoutId,
      });
      expect(res.statusCode).toBe(200);
    }
    // Sharing one of them again tells Bob nothing new.
    await alice.client.post('/api/workout/share_workout', {
      friend_id: bob.user.id,
      workout_id: workoutIds[0],
    });
    const first = (await bob.client.get('/api/notifications?limit=2')).json<NotificationPage>();
    expect(first.items).toHaveLength(2);
    expect(first.items[0]).toMatchObject({
      kind: 'workout_shared',
      title: 'Alice shared a workout with you',
      actor: { name: 'Alice' },
    });
    expect(first.items[0]!.id).toBeGreaterThan(first.items[1]!.id);
    expect(first.unread_count).toBe(3);
    const second = (
      await bob.client.get(`/api/notifications?limit=2&cursor=${first.next_cursor}`)
    ).json<NotificationPage>();
    expect(second.items).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    // Alice was told nothing.
    expect((await alice.client.get('/api/notifications')).json<NotificationPage>().items).toEqual(
      [],
    );
  });

  it('needs a session and a sane query', async () => {
    const { client } = await member(t);
    expect((await client.get('/api/notifications?limit=0')).statusCode).toBe(400);
    expect((await client.get('/api/notifications?cursor=nonsense')).statusCode).toBe(400);
    const huge = Buffer.from(JSON.stringify({ id: 99_999_999_999 })).toString('base64url');
    expect((await client.get(`/api/notifications?cursor=${huge}`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks seen up to an id, never past what exists, never backwards', async () => {
    const alice = await member(t);
    const bob = await member(t);
    await befriend(t, alice.user.id, bob.user.id);
    for (const workoutId of workoutIds.slice(0, 2)) {
      await alice.client.post('/api/workout/share_workout', {
        friend_id: bob.user.id,
        workout_id: workoutId,
      });
    }
    const page = (await bob.client.get('/api/notifications')).json<NotificationPage>();
    const older = page.items[1]!.id;
    const read = await bob.client.post('/api/notifications/read', { up_to_id: older });
    expect(read.json()).toEqual({ unread_count: 1 });
    expect(
      (await bob.client.post('/api/notifications/read', { up_to_id: 2_000_000_000 })).json(),
    ).toEqual({ unread_count: 0 });
    expect((await bob.client.post('/api/notifications/read', { up_to_id: 1 })).json()).toEqual({
      unread_count: 0,
    });
  });

  it('refuses bad input and a missing CSRF token', async () => {
    const { client } = await member(t);
    expect((await client.post('/api/notifications/read', { up_to_id: -1 })).statusCode).toBe(400);
    expect((await client.post('/api/notifications/read', {})).statusCode).toBe(400);
    expect(
      (await client.post('/api/notifications/read', { up_to_id: 1 }, { csrf: false })).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/notifications/announcements', () => {
  it('lets an admin tell every member (who joined before it)', async () => {
    const early = await member(t);
    const boss = await adminMember(t, { name: 'Admin Person' });
    const res = await boss.client.post('/api/notifications/announcements', {
      title: '  New classes in January  ',
      body: 'Sign up at the desk.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'announcement', title: 'New classes in January' });
    const seen = (await early.client.get('/api/notifications')).json<NotificationPage>();
    expect(seen.items[0]).toMatchObject({ kind: 'announcement', body: 'Sign up at the desk.' });
    const late = await member(t);
    const lateSeen = (await late.client.get('/api/notifications')).json<NotificationPage>();
    expect(lateSeen.items.some((n) => n.title === 'New classes in January')).toBe(false);
  });

  it('is for admins only, and needs a title', async () => {
    const { client } = await member(t);
    const res = await client.post('/api/notifications/announcements', { title: 'Hi all' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
    const boss = await adminMember(t, { name: 'Admin Person' });
    const empty = await boss.client.post('/api/notifications/announcements', { title: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'validation_failed' });
  });
});
