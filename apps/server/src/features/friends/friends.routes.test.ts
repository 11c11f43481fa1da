import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { friendships } from '../../db/schema/social';
import { forgetActivity } from '../../plugins/auth/sessions';
import {
  createTestApp,
  libraryWorkoutId,
  member,
  type TestApp,
  type TestClient,
} from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Listed {
  id: number;
  name: string;
  avatar_url: string | null;
  since: string;
  last_active_at?: string | null;
}
interface Overview {
  friends: Listed[];
  incoming: Listed[];
  outgoing: Listed[];
  blocked: Listed[];
}
interface SearchPage {
  items: { id: number; name: string; relationship: string }[];
  next_cursor: string | null;
}

const overview = async (client: TestClient) => (await client.get('/api/friends')).json<Overview>();
const ids = (list: { id: number }[]) => list.map((m) => m.id);
const ask = (client: TestClient, friendId: unknown) =>
  client.post('/api/profile/add_friend', { friend_id: friendId });

async function pairRowCount(a: number, b: number): Promise<number> {
  const rows = await t.database.db
    .select({ id: friendships.id })
    .from(friendships)
    .where(
      or(
        and(eq(friendships.userId, a), eq(friendships.friendId, b)),
        and(eq(friendships.userId, b), eq(friendships.friendId, a)),
      ),
    );
  return rows.length;
}

async function notificationKinds(client: TestClient): Promise<string[]> {
  const page = (await client.get('/api/notifications')).json<{ items: { kind: string }[] }>();
  return page.items.map((n) => n.kind);
}

async function friends() {
  const a = await member(t, { name: 'Ana Pair' });
  const b = await member(t, { name: 'Ben Pair' });
  expect((await ask(a.client, b.user.id)).statusCode).toBe(200);
  expect((await b.client.post(`/api/friends/${a.user.id}/accept`)).statusCode).toBe(200);
  return { a, b };
}

describe('POST /api/profile/add_friend', () => {
  it('sends a request the other member is told about and sees under incoming', async () => {
    const a = await member(t, { name: 'Asker' });
    const b = await member(t, { name: 'Asked' });
    const res = await ask(a.client, b.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      relationship: 'outgoing',
      member: { id: b.user.id, name: 'Asked' },
    });
    expect(ids((await overview(a.client)).outgoing)).toEqual([b.user.id]);
    const theirs = await overview(b.client);
    expect(ids(theirs.incoming)).toEqual([a.user.id]);
    expect(theirs.friends).toEqual([]);
    expect(await notificationKinds(b.client)).toEqual(['friend_request']);
    const first = (await b.client.get('/api/notifications')).json<{
      items: { title: string; link: string }[];
    }>().items[0]!;
    expect(first).toMatchObject({ title: 'Asker sent you a friend request', link: '/friends' });
  });

  it('accepts their request when the other member already asked you', async () => {
    const a = await member(t);
    const b = await member(t);
    await ask(a.client, b.user.id);
    const res = await ask(b.client, a.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ relationship: 'friend' });
    expect(ids((await overview(a.client)).friends)).toEqual([b.user.id]);
    expect(ids((await overview(b.client)).friends)).toEqual([a.user.id]);
    expect(await notificationKinds(a.client)).toEqual(['friend_accepted']);
    expect(await pairRowCount(a.user.id, b.user.id)).toBe(2);
  });

  it('refuses asking twice, asking a friend, yourself and a missing member, with no new row', async () => {
    const a = await member(t);
    const b = await member(t);
    await ask(a.client, b.user.id);
    const twice = await ask(a.client, b.user.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'conflict', message: expect.any(String) });
    expect(await pairRowCount(a.user.id, b.user.id)).toBe(1);

    const pair = await friends();
    const again = await ask(pair.a.client, pair.b.user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'You are already friends.' });

    const self = await ask(a.client, a.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      error: 'validation_failed',
      issues: [{ path: 'friend_id' }],
    });

    const missing = await ask(a.client, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });

    for (const bad of ['abc', -1, 0, null, '1\u0000', 'x'.repeat(10_000)]) {
      expect((await ask(a.client, bad)).statusCode).toBe(400);
    }
  });

  it('makes one pair of rows when both ask at the same moment', async () => {
    const a = await member(t);
    const b = await member(t);
    const answers = await Promise.all([
      ask(a.client, b.user.id),
      ask(b.client, a.user.id),
      ask(a.client, b.user.id),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    expect(await pairRowCount(a.user.id, b.user.id)).toBe(2);
    expect(ids((await overview(a.client)).friends)).toEqual([b.user.id]);
  });

  it('refuses a request to or from a member who blocked, both ways', async () => {
    const a = await member(t);
    const b = await member(t);
    expect((await a.client.post(`/api/friends/${b.user.id}/block`)).statusCode).toBe(200);
    const fromBlocker = await ask(a.client, b.user.id);
    expect(fromBlocker.statusCode).toBe(403);
    expect(fromBlocker.json()).toMatchObject({ error: 'forbidden' });
    expect((await ask(b.client, a.user.id)).statusCode).toBe(403);
    expect(await pairRowCount(a.user.id, b.user.id)).toBe(0);
  });

  it('needs a signed-in member and the CSRF token', async () => {
    const a = await member(t);
    const b = await member(t);
    const noToken = await a.client.post(
      '/api/profile/add_friend',
      { friend_id: b.user.id },
      { csrf: false },
    );
    expect(noToken.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/friends' });
    expect(res.statusCode).toBe(401);
  });
});

describe('accept, decline, cancel and remove', () => {
  it('declines a request: gone for both, and the asker may ask again', async () => {
    const a = await member(t);
    const b = await member(t);
    await ask(a.client, b.user.id);
    const res = await b.client.post(`/api/friends/${a.user.id}/decline`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ relationship: 'none' });
    expect((await overview(a.client)).outgoing).toEqual([]);
    expect((await overview(b.client)).incoming).toEqual([]);
    expect((await b.client.post(`/api/friends/${a.user.id}/decline`)).statusCode).toBe(404);
    expect((await ask(a.client, b.user.id)).statusCode).toBe(200);
  });

  it('lets only the asked member accept or decline, never the asker or a third member', async () => {
    const a = await member(t);
    const b = await member(t);
    const c = await member(t);
    await ask(a.client, b.user.id);
    // The asker cannot accept their own request on the other's behalf.
    expect((await a.client.post(`/api/friends/${b.user.id}/accept`)).statusCode).toBe(404);
    expect((await a.client.post(`/api/friends/${b.user.id}/decline`)).statusCode).toBe(404);
    // Nor can anyone else: there is no request from A to C.
    expect((await c.client.post(`/api/friends/${a.user.id}/accept`)).statusCode).toBe(404);
    expect((await c.client.post(`/api/friends/${a.user.id}/decline`)).statusCode).toBe(404);
    expect(await pairRowCount(a.user.id, b.user.id)).toBe(1);
    expect(ids((await overview(b.client)).incoming)).toEqual([a.user.id]);
    // Accepting twice: the second finds no request.
    expect((await b.client.post(`/api/friends/${a.user.id}/accept`)).statusCode).toBe(200);
    expect((await b.client.post(`/api/friends/${a.user.id}/accept`)).statusCode).toBe(404);
  });

  it('lists friends with name, photo, last active and since', async () => {
    const { a, b } = await friends();
    const list = (await overview(a.client)).friends;
    expect(list).toEqual([
      {
        id: b.user.id,
        name: 'Ben Pair',
        avatar_url: null,
        last_active_at: expect.any(String),
        since: expect.any(String),
      },
    ]);
  });

  it('cancels your own request', async () => {
    const a = await member(t);
    const b = await member(t);
    await ask(a.client, b.user.id);
    // The asked member cannot "cancel" it (they decline); only the asker cancels.
    expect((await b.client.delete(`/api/friends/${a.user.id}`)).statusCode).toBe(404);
    const res = await a.client.delete(`/api/friends/${b.user.id}`);
    expect(res.statusCode).toBe(200);
    expect((await overview(b.client)).incoming).toEqual([]);
    expect(await pairRowCount(a.user.id, b.user.id)).toBe(0);
    expect((await a.client.delete(`/api/friends/${b.user.id}`)).statusCode).toBe(404);
  });

  it('removes a friend for both, and sharing with them is refused afterwards', async () => {
    const { a, b } = await friends();
    const workoutId = await libraryWorkoutId(a.client);
    expect(
      (
        await a.client.post('/api/workout/share_workout', {
          friend_id: b.user.id,
          workout_id: workoutId,
        })
      ).statusCode,
    ).toBe(200);
    expect((await b.client.delete(`/api/friends/${a.user.id}`)).statusCode).toBe(200);
    expect((await overview(a.client)).friends).toEqual([]);
    expect((await overview(b.client)).friends).toEqual([]);
    const share = await a.client.post('/api/workout/share_workout', {
      friend_id: b.user.id,
      workout_id: workoutId,
    });
    expect(share.statusCode).toBe(403);
  });

  it('answers 400 for a malformed id and 404 for a missing member', async () => {
    const a = await member(t);
    expect((await a.client.post('/api/friends/abc/accept')).statusCode).toBe(400);
    expect((await a.client.delete('/api/friends/0x10')).statusCode).toBe(400);
    expect((await a.client.post('/api/friends/2000000000/block')).statusCode).toBe(404);
    expect((await a.client.post(`/api/friends/${a.user.id}/block`)).statusCode).toBe(400);
  });
});

describe('block and unblock', () => {
  it('ends the friendship both ways, lists the block, and stops shares both ways', async () => {
    const { a, b } = await friends();
    const res = await a.client.post(`/api/friends/${b.user.id}/block`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ relationship: 'blocked' });
    expect(await pairRowCount(a.user.id, b.user.id)).toBe(0);
    const mine = await overview(a.client);
    expect(mine.friends).toEqual([]);
    expect(ids(mine.blocked)).toEqual([b.user.id]);
    // The blocked member does not see who blocked them.
    expect((await overview(b.client)).blocked).toEqual([]);
    // Blocking twice is still one block.
    expect((await a.client.post(`/api/friends/${b.user.id}/block`)).statusCode).toBe(200);

    const workoutId = await libraryWorkoutId(b.client);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const share = await from.client.post('/api/workout/share_workout', {
        friend_id: to.user.id,
        workout_id: workoutId,
      });
      expect(share.statusCode).toBe(403);
    }
  });

  it('clears pending requests both ways', async () => {
    const a = await member(t);
    const b = await member(t);
    await ask(b.client, a.user.id);
    await a.client.post(`/api/friends/${b.user.id}/block`);
    expect((await overview(a.client)).incoming).toEqual([]);
    expect((await overview(b.client)).outgoing).toEqual([]);
  });

  it('unblocks: only the blocker lifts their own block', async () => {
    const a = await member(t);
    const b = await member(t);
    await a.client.post(`/api/friends/${b.user.id}/block`);
    expect((await b.client.delete(`/api/friends/${a.user.id}/block`)).statusCode).toBe(404);
    expect((await ask(b.client, a.user.id)).statusCode).toBe(403);
    const res = await a.client.delete(`/api/friends/${b.user.id}/block`);
    expect(res.statusCode).toBe(200);
    expect((await overview(a.client)).blocked).toEqual([]);
    expect((await ask(b.client, a.user.id)).statusCode).toBe(200);
    expect((await a.client.delete(`/api/friends/${b.user.id}/block`)).statusCode).toBe(404);
  });
});

describe('GET /api/members/search', () => {
  const search = async (client: TestClient, query: string) => {
    const res = await client.get(`/api/members/search?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<SearchPage>();
  };

  it('finds members by any part of the name, case-insensitively, with the relationship', async () => {
    const tag = `zq${Math.random().toString(36).slice(2, 7)}`;
    const me = await member(t, { name: `Me ${tag}` });
    const friend = await member(t, { name: `Friend ${tag}son` });
    const asked = await member(t, { name: `Asked ${tag}` });
    const asker = await member(t, { name: `Asker ${tag}` });
    const stranger = await member(t, { name: `Stranger ${tag.toUpperCase()}` });
    await ask(me.client, friend.user.id);
    await friend.client.post(`/api/friends/${me.user.id}/accept`);
    await ask(me.client, asked.user.id);
    await ask(asker.client, me.user.id);

    const page = await search(me.client, `q=${tag.slice(1).toUpperCase()}`);
    expect(page.items.map((i) => [i.id, i.relationship])).toEqual([
      [asked.user.id, 'outgoing'],
      [asker.user.id, 'incoming'],
      [friend.user.id, 'friend'],
      [stranger.user.id, 'none'],
    ]);
    expect(page.next_cursor).toBeNull();
  });

  it('never lists yourself nor anyone blocked, either way', async () => {
    const tag = `zb${Math.random().toString(36).slice(2, 7)}`;
    const me = await member(t, { name: `Me ${tag}` });
    const blockedByMe = await member(t, { name: `One ${tag}` });
    const blockedMe = await member(t, { name: `Two ${tag}` });
    const visible = await member(t, { name: `Three ${tag}` });
    await me.client.post(`/api/friends/${blockedByMe.user.id}/block`);
    await blockedMe.client.post(`/api/friends/${me.user.id}/block`);
    expect(ids((await search(me.client, `q=${tag}`)).items)).toEqual([visible.user.id]);
    // Who blocked me is hidden from my search too; the others' blocks are not mine.
    expect(ids((await search(blockedMe.client, `q=${tag}`)).items)).toEqual([
      blockedByMe.user.id,
      visible.user.id,
    ]);
  });

  it('pages through many matches with a cursor, in name order, without repeats', async () => {
    const tag = `zp${Math.random().toString(36).slice(2, 7)}`;
    const me = await member(t);
    const made: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      made.push((await member(t, { name: `Page ${tag} ${String(i).padStart(2, '0')}` })).user.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: SearchPage = await search(
        me.client,
        `q=${tag}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...ids(page.items));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(made);
    const stale = await me.client.get(`/api/members/search?q=${tag}&cursor=nonsense`);
    expect(stale.statusCode).toBe(400);
  });

  it('shows who joined, was renamed or changed their relationship since the last search', async () => {
    const tag = `zc${Math.random().toString(36).slice(2, 7)}`;
    const me = await member(t);
    const first = await member(t, { name: `First ${tag}` });
    const other = await member(t, { name: `Other ${tag}` });
    expect(ids((await search(me.client, `q=${tag}`)).items)).toEqual([
      first.user.id,
      other.user.id,
    ]);

    const joined = await member(t, { name: `Joined ${tag}` });
    const rename = await first.client.put('/api/profile', {
      name: 'Renamed Away',
      email: `renamed-${tag}@example.org`,
      gender: 'other',
      birth_date: '1991-01-31',
      measurement_type: 'metric',
      weight: 70,
      height: 172,
      workout_goal: 'boxing',
      sport_type: null,
      meal_preference: 'keto',
    });
    expect(rename.statusCode).toBe(200);
    await ask(me.client, other.user.id);
    let page = await search(me.client, `q=${tag}`);
    expect(page.items.map((i) => [i.id, i.relationship])).toEqual([
      [joined.user.id, 'none'],
      [other.user.id, 'outgoing'],
    ]);

    await joined.client.post(`/api/friends/${me.user.id}/block`);
    page = await search(me.client, `q=${tag}`);
    expect(ids(page.items)).toEqual([other.user.id]);
    // The other side of the block is hidden from the blocker's search too.
    expect(ids((await search(joined.client, `q=${tag}`)).items)).toEqual([other.user.id]);
  });

  it('answers from the database when the searcher blocked most of the first matches', async () => {
    const tag = `zd${Math.random().toString(36).slice(2, 7)}`;
    const me = await member(t);
    await t.database.db.execute(sql`
      insert into users (name, email, password_hash, gender, birth_date, weight_kg, height_cm,
        workout_goal, meal_preference)
      select 'Bulk ' || ${tag} || ' ' || lpad(g::text, 3, '0'), ${tag} || g || '@example.org',
        'x', 'other', '1990-01-01', 70, 170, 'hiit', 'omnivore'
      from generate_series(1, 90) g`);
    const bulk = (
      await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.name} like ${`Bulk ${tag} %`}`)
        .orderBy(users.name)
    ).map((r) => r.id);
    expect(bulk).toHaveLength(90);
    // Blocked: the first 80 by name; the 10 after them are all the search may show.
    await t.database.db.execute(sql`
      insert into member_blocks (blocker_id, blocked_id)
      select ${me.user.id}, id from users where id = any(${`{${bulk.slice(0, 80).join(',')}}`}::int[])`);
    const page = await search(me.client, `q=${tag}&limit=20`);
    expect(ids(page.items)).toEqual(bulk.slice(80));
    expect(page.next_cursor).toBeNull();
  });

  it('treats % and _ as letters, finds by exact email only, and finds no one for no text', async () => {
    const tag = `ze${Math.random().toString(36).slice(2, 7)}`;
    const me = await member(t);
    const percent = await member(t, { name: `Fifty%${tag}` });
    await member(t, { name: `Fifty5${tag}` });
    const byMail = await member(t, { name: 'Mail Person', email: `${tag}@example.org` });
    expect(ids((await search(me.client, `q=${encodeURIComponent(`y%${tag}`)}`)).items)).toEqual([
      percent.user.id,
    ]);
    expect((await search(me.client, `q=${encodeURIComponent('_')}`)).items.length).toBe(0);
    expect(ids((await search(me.client, `q=${tag.toUpperCase()}%40example.org`)).items)).toEqual([
      byMail.user.id,
    ]);
    expect((await search(me.client, 'q=example.org')).items).toEqual([]);
    expect((await search(me.client, 'q=')).items).toEqual([]);
  });

  it('matches short text at the start of the name', async () => {
    const me = await member(t);
    const short = await member(t, { name: 'Qx Short' });
    expect(ids((await search(me.client, 'q=qx')).items)).toContain(short.user.id);
    expect(ids((await search(me.client, 'q=x')).items)).not.toContain(short.user.id);
  });

  it('scope=friends pages through your friends only, all of them without text', async () => {
    const { a, b } = await friends();
    const stranger = await member(t, { name: 'Ben Stranger' });
    expect(ids((await search(a.client, 'scope=friends')).items)).toEqual([b.user.id]);
    expect(ids((await search(a.client, 'scope=friends&q=ben')).items)).toEqual([b.user.id]);
    expect(ids((await search(a.client, 'q=ben')).items)).toContain(stranger.user.id);
  });

  it('refuses bad input with 400, never 500', async () => {
    const me = await member(t);
    for (const query of [
      `q=${'x'.repeat(200)}`,
      'q=%00',
      'limit=0',
      'limit=1000',
      'scope=everyone',
      `cursor=${'a'.repeat(400)}`,
    ]) {
      expect((await me.client.get(`/api/members/search?${query}`)).statusCode).toBe(400);
    }
  });
});

describe('last active', () => {
  const lastActive = async (id: number): Promise<number> => {
    const rows = await t.database.db
      .select({ at: users.lastActiveAt })
      .from(users)
      .where(eq(users.id, id));
    return rows[0]?.at?.getTime() ?? 0;
  };
  const waitFor = async (check: () => Promise<boolean>) => {
    // The mark is not awaited by the request: it lands a moment later.
    for (let i = 0; i < 100 && !(await check()); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await check()).toBe(true);
  };

  it('is marked when a signed-in member makes a request, at most once a minute', async () => {
    const a = await member(t);
    await t.database.db.execute(
      sql`update users set last_active_at = now() - interval '5 minutes' where id = ${a.user.id}`,
    );
    const before = await lastActive(a.user.id);
    forgetActivity();
    await a.client.get('/api/friends');
    await waitFor(async () => (await lastActive(a.user.id)) > before);

    // Marked 30 s ago: another request, even on a node that remembers nothing, changes nothing.
    await t.database.db.execute(
      sql`update users set last_active_at = now() - interval '30 seconds' where id = ${a.user.id}`,
    );
    const recent = await lastActive(a.user.id);
    forgetActivity();
    await a.client.get('/api/friends');
    // A request after it proves the (unawaited) update had its turn.
    await a.client.get('/api/friends');
    await t.app.ctx.changes.settled();
    expect(await lastActive(a.user.id)).toBe(recent);
  });
});
