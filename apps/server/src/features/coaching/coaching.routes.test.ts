import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CoachClient,
  CoachClientDetail,
  CoachClientList,
  LogComment,
  LogCommentList,
  MyCoaching,
} from '@fitcoach/shared/coaching';
import type { NotificationPage } from '@fitcoach/shared/notifications';
import type { ProgramDetail, ProgramToday } from '@fitcoach/shared/programs';
import { programs } from '../../db/schema/coach';
import { workoutLogs } from '../../db/schema/workout-logs';
import type { Viewer } from '../../lib/viewer';
import { createTestApp, member, type TestApp, type TestClient } from '../../test/test-app';
import { generateProgram } from '../programs/programs.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const today = () => new Date().toISOString().slice(0, 10);

async function withRole(role: 'coach' | 'admin') {
  const m = await member(t);
  await t.database.db.execute(sql`update users set role = ${role} where id = ${m.user.id}`);
  // Roles are read from the cached session.
  t.app.ctx.changes.emit({ kind: 'member', id: m.user.id });
  return m;
}

const viewerOf = (id: number, role: Viewer['role'] = 'member'): Viewer => ({
  id,
  role,
  measurementType: 'metric',
  locale: 'en',
});

/** A program of `ownerId`'s own (private, its workouts theirs and private too). */
async function programOf(ownerId: number, role: Viewer['role'] = 'member', weeks = 2) {
  const made = await generateProgram(t.app.ctx, viewerOf(ownerId, role), {
    trainer_action: 'workout',
    gender: 'female',
    age: 30,
    workout_frequency: 3,
    workout_plan_length: weeks,
    workout_length: 30,
    workout_goal: 'weight_lifting',
    seed: 7,
  });
  return made.program_id;
}

async function publicProgram() {
  const author = await withRole('coach');
  const id = await programOf(author.user.id, 'coach');
  await t.database.db.update(programs).set({ visibility: 'public' }).where(eq(programs.id, id));
  return id;
}

async function logOf(userId: number, title = 'Morning run') {
  const [row] = await t.database.db
    .insert(workoutLogs)
    .values({
      userId,
      title,
      source: 'manual',
      performedOn: today(),
      energyLevel: 4,
      sleepQuality: 3,
    })
    .returning({ id: workoutLogs.id });
  return row!.id;
}

const invite = (coach: TestClient, userId: number) =>
  coach.post('/api/coach/clients', { user_id: userId });

async function notificationKinds(client: TestClient) {
  const page = (await client.get('/api/notifications')).json<NotificationPage>();
  return page.items.map((n) => n.kind);
}

/** A coach with an active client (invited and accepted). */
async function coached() {
  const coach = await withRole('coach');
  const client = await member(t);
  const res = await invite(coach.client, client.user.id);
  expect(res.statusCode).toBe(201);
  const link = res.json<CoachClient>();
  expect((await client.client.post(`/api/coach/invitations/${link.id}/accept`)).statusCode).toBe(
    200,
  );
  return { coach, client, linkId: link.id };
}

describe('inviting a client', () => {
  it('lets a coach invite a member, who is told and sees the invitation', async () => {
    const coach = await withRole('coach');
    const m = await member(t);
    const res = await invite(coach.client, m.user.id);
    expect(res.statusCode).toBe(201);
    const link = res.json<CoachClient>();
    expect(link).toMatchObject({ status: 'invited', member: { id: m.user.id }, program: null });
    expect(await notificationKinds(m.client)).toContain('coach_invitation');
    const mine = (await m.client.get('/api/coach/mine')).json<MyCoaching>();
    expect(mine.coaches).toEqual([]);
    expect(mine.invitations.map((i) => [i.id, i.coach.id])).toEqual([[link.id, coach.user.id]]);
    const list = (await coach.client.get('/api/coach/clients')).json<CoachClientList>();
    expect(list.items.map((c) => [c.id, c.status])).toEqual([[link.id, 'invited']]);
  });

  it('refuses members (403), yourself (400), twice (409) and unknown members (404)', async () => {
    const plain = await member(t);
    const other = await member(t);
    const refused = await invite(plain.client, other.user.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'forbidden' });
    expect((await plain.client.get('/api/coach/clients')).statusCode).toBe(403);

    const coach = await withRole('coach');
    const self = await invite(coach.client, coach.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('user_id');

    expect((await invite(coach.client, other.user.id)).statusCode).toBe(201);
    const twice = await invite(coach.client, other.user.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'conflict' });
    // Two at once: the partial unique index keeps one.
    const third = await member(t);
    const both = await Promise.all([
      invite(coach.client, third.user.id),
      invite(coach.client, third.user.id),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    expect((await invite(coach.client, 2_000_000_000)).statusCode).toBe(404);
    expect((await invite(coach.client, 'abc' as unknown as number)).statusCode).toBe(400);
    // Without the CSRF token nothing is written.
    expect(
      (await coach.client.post('/api/coach/clients', { user_id: third.user.id }, { csrf: false }))
        .statusCode,
    ).toBe(403);
  });

  it('lets admins invite too', async () => {
    const admin = await withRole('admin');
    const m = await member(t);
    expect((await invite(admin.client, m.user.id)).statusCode).toBe(201);
  });
});

describe('answering an invitation', () => {
  it('only the invited member accepts or declines; once', async () => {
    const coach = await withRole('coach');
    const m = await member(t);
    const stranger = await member(t);
    const link = (await invite(coach.client, m.user.id)).json<CoachClient>();
    for (const who of [stranger.client, coach.client]) {
      expect((await who.post(`/api/coach/invitations/${link.id}/accept`)).statusCode).toBe(404);
      expect((await who.post(`/api/coach/invitations/${link.id}/decline`)).statusCode).toBe(404);
    }
    const accepted = await m.client.post(`/api/coach/invitations/${link.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const mine = accepted.json<MyCoaching>();
    expect(mine.invitations).toEqual([]);
    expect(mine.coaches.map((c) => [c.coach.id, c.status])).toEqual([[coach.user.id, 'active']]);
    expect(await notificationKinds(coach.client)).toContain('coach_accepted');
    expect((await m.client.post(`/api/coach/invitations/${link.id}/accept`)).statusCode).toBe(409);
    expect((await m.client.post(`/api/coach/invitations/${link.id}/decline`)).statusCode).toBe(409);
    // Already coaching: a new invitation is refused.
    expect((await invite(coach.client, m.user.id)).statusCode).toBe(409);
  });

  it('a declined invitation gives nothing, and the coach may invite again later', async () => {
    const coach = await withRole('coach');
    const m = await member(t);
    const link = (await invite(coach.client, m.user.id)).json<CoachClient>();
    const declined = await m.client.post(`/api/coach/invitations/${link.id}/decline`);
    expect(declined.json<MyCoaching>()).toEqual({ coaches: [], invitations: [] });
    const log = await logOf(m.user.id);
    expect((await coach.client.get(`/api/workout_log/${log}/comments`)).statusCode).toBe(404);
    expect((await coach.client.get(`/api/coach/clients/${link.id}`)).statusCode).toBe(404);
    expect((await invite(coach.client, m.user.id)).statusCode).toBe(201);
  });
});

describe('a client’s detail', () => {
  it('shows program, weekly adherence and recent logs with comments to the active coach only', async () => {
    const { coach, client, linkId } = await coached();
    const programId = await publicProgram();
    await client.client.post(`/api/program/${programId}/start`, {});
    const log = await logOf(client.user.id, 'Leg day');
    const own = await client.client.post(`/api/workout_log/${log}/comments`, {
      body: 'Knees felt fine.',
    });
    expect(own.statusCode, own.body).toBe(201);

    const res = await coach.client.get(`/api/coach/clients/${linkId}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<CoachClientDetail>();
    expect(detail.program).toMatchObject({ id: programId, assigned_by_me: false });
    expect(detail.program!.follow.weeks).toHaveLength(2);
    // Today's session is not missed yet: nothing was due before it.
    expect(detail.adherence).toBeNull();
    expect(detail.last_log_on).toBe(today());
    expect(detail.recent_logs[0]).toMatchObject({ id: log, title: 'Leg day', comment_count: 1 });
    expect(detail.recent_logs[0]!.comments.map((c) => [c.body, c.by_coach])).toEqual([
      ['Knees felt fine.', false],
    ]);

    const list = (await coach.client.get('/api/coach/clients')).json<CoachClientList>();
    expect(list.items[0]).toMatchObject({ id: linkId, status: 'active', last_log_on: today() });
    expect(list.items[0]!.recent_logs.map((l) => l.id)).toEqual([log]);

    // Another coach, and the member themself, do not read it.
    const other = await withRole('coach');
    expect((await other.client.get(`/api/coach/clients/${linkId}`)).statusCode).toBe(404);
    expect((await client.client.get(`/api/coach/clients/${linkId}`)).statusCode).toBe(403);
  });
});

describe('comments on logs', () => {
  it('the owner and their active coach read and write; anyone else gets 404; the other side is told', async () => {
    const { coach, client } = await coached();
    const log = await logOf(client.user.id);
    const posted = await coach.client.post(`/api/workout_log/${log}/comments`, {
      body: '  Good pace — keep the cadence.  ',
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json<LogComment>()).toMatchObject({
      body: 'Good pace — keep the cadence.',
      by_coach: true,
      mine: true,
      author: { id: coach.user.id },
    });
    expect(await notificationKinds(client.client)).toContain('log_comment');

    const reply = await client.client.post(`/api/workout_log/${log}/comments`, {
      body: 'Thanks!',
    });
    expect(reply.statusCode).toBe(201);
    expect((await notificationKinds(coach.client)).filter((k) => k === 'log_comment')).toHaveLength(
      1,
    );
    const thread = (
      await client.client.get(`/api/workout_log/${log}/comments`)
    ).json<LogCommentList>();
    expect(thread.items.map((c) => [c.body, c.by_coach, c.mine])).toEqual([
      ['Good pace — keep the cadence.', true, false],
      ['Thanks!', false, true],
    ]);
    const mine = (
      await client.client.get(`/api/coach/log_comments?log_ids=${log},999999`)
    ).json<LogCommentList>();
    expect(mine.items).toHaveLength(2);

    // A coach who does not coach this member, and a friendless stranger: 404 either way.
    const otherCoach = await withRole('coach');
    const stranger = await member(t);
    for (const who of [otherCoach.client, stranger.client]) {
      expect((await who.get(`/api/workout_log/${log}/comments`)).statusCode).toBe(404);
      expect((await who.post(`/api/workout_log/${log}/comments`, { body: 'Hi' })).statusCode).toBe(
        404,
      );
      // Someone else's log ids give nothing through the member's list either.
      expect(
        (await who.get(`/api/coach/log_comments?log_ids=${log}`)).json<LogCommentList>().items,
      ).toEqual([]);
    }
    expect((await coach.client.get('/api/workout_log/999999/comments')).statusCode).toBe(404);
  });

  it('refuses empty, too long, NUL and control-character bodies (400)', async () => {
    const { coach, client } = await coached();
    const log = await logOf(client.user.id);
    const bad = [
      {},
      { body: '' },
      { body: '   ' },
      { body: 'x'.repeat(2001) },
      { body: 'before\u0000after' },
      { body: 'bell\u0007' },
      { body: 42 },
    ];
    for (const body of bad) {
      const res = await coach.client.post(`/api/workout_log/${log}/comments`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    const longest = await coach.client.post(`/api/workout_log/${log}/comments`, {
      body: `${'y'.repeat(2000)}   `,
    });
    expect(longest.statusCode).toBe(201);
    expect(longest.json<LogComment>().body).toHaveLength(2000);
    expect(
      (await coach.client.post(`/api/workout_log/${log}/comments`, { body: 'two\nlines\ttab' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('assigning a program', () => {
  it('starts a library or own program for an active client, pausing theirs; they are told', async () => {
    const { coach, client, linkId } = await coached();
    const theirs = await publicProgram();
    await client.client.post(`/api/program/${theirs}/start`, {});
    // Their today is cached now: the assignment below must make it stale.
    const todayBefore = (await client.client.get('/api/program/today')).json<ProgramToday>();
    expect(todayBefore?.program.id).toBe(theirs);

    // The coach's own private program: the client may open it and its workouts afterwards.
    const own = await programOf(coach.user.id, 'coach', 1);
    expect((await client.client.get(`/api/program/${own}`)).statusCode).toBe(404);
    const res = await coach.client.post(`/api/coach/clients/${linkId}/assign`, {
      program_id: own,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<CoachClientDetail>().program).toMatchObject({
      id: own,
      assigned_by_me: true,
    });
    expect(await notificationKinds(client.client)).toContain('coach_program_assigned');

    const program = await client.client.get(`/api/program/${own}`);
    expect(program.statusCode).toBe(200);
    expect(program.json<ProgramDetail>().follow?.status).toBe('active');
    const todayRes = (await client.client.get('/api/program/today')).json<ProgramToday>();
    expect(todayRes?.program.id).toBe(own);
    const workoutId = todayRes!.entry.workout!.id;
    expect((await client.client.get(`/api/workout/${workoutId}`)).statusCode).toBe(200);
    // One at a time: the program they ran is paused, not lost.
    const before = (await client.client.get(`/api/program/${theirs}`)).json<ProgramDetail>();
    expect(before.follow?.status).toBe('paused');

    // A library program too.
    const library = await publicProgram();
    const again = await coach.client.post(`/api/coach/clients/${linkId}/assign`, {
      program_id: library,
      start_date: today(),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<CoachClientDetail>().program?.id).toBe(library);
  });

  it('needs an active client, a program the coach may assign and a sensible date', async () => {
    const coach = await withRole('coach');
    const m = await member(t);
    const link = (await invite(coach.client, m.user.id)).json<CoachClient>();
    const library = await publicProgram();
    const assign = (id: number, body: Record<string, unknown>) =>
      coach.client.post(`/api/coach/clients/${id}/assign`, body);

    // Invited, not yet accepted.
    expect((await assign(link.id, { program_id: library })).statusCode).toBe(409);
    await m.client.post(`/api/coach/invitations/${link.id}/accept`);

    // Someone else's private program: not found; a friend-visible one that is not the coach's
    // own or the library's: refused on program_id.
    const stranger = await member(t);
    const hidden = await programOf(stranger.user.id);
    expect((await assign(link.id, { program_id: hidden })).statusCode).toBe(404);
    await t.database.db
      .update(programs)
      .set({ visibility: 'friends' })
      .where(eq(programs.id, hidden));
    const { befriend } = await import('../../test/test-app');
    await befriend(t, coach.user.id, stranger.user.id);
    const friends = await assign(link.id, { program_id: hidden });
    expect(friends.statusCode).toBe(400);
    expect(friends.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('program_id');

    const past = await assign(link.id, { program_id: library, start_date: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ issues: { path: string }[] }>().issues[0]!.path).toBe('start_date');
    expect((await assign(link.id, { program_id: 'x' })).statusCode).toBe(400);

    // Another coach's client, and a member: 404 and 403.
    const other = await withRole('coach');
    expect(
      (await other.client.post(`/api/coach/clients/${link.id}/assign`, { program_id: library }))
        .statusCode,
    ).toBe(404);
    expect(
      (await m.client.post(`/api/coach/clients/${link.id}/assign`, { program_id: library }))
        .statusCode,
    ).toBe(403);
    expect((await assign(link.id, { program_id: library })).statusCode).toBe(200);
  });
});

describe('ending coaching', () => {
  it('either side ends it, and the coach loses access at once', async () => {
    for (const side of ['client', 'coach'] as const) {
      const { coach, client, linkId } = await coached();
      const log = await logOf(client.user.id);
      await coach.client.post(`/api/workout_log/${log}/comments`, { body: 'Nice.' });
      expect((await coach.client.get(`/api/coach/clients/${linkId}`)).statusCode).toBe(200);

      const stranger = await member(t);
      expect((await stranger.client.delete(`/api/coach/clients/${linkId}`)).statusCode).toBe(404);
      const who = side === 'client' ? client : coach;
      expect((await who.client.delete(`/api/coach/clients/${linkId}`)).statusCode).toBe(204);
      expect((await who.client.delete(`/api/coach/clients/${linkId}`)).statusCode).toBe(409);

      expect((await coach.client.get(`/api/coach/clients/${linkId}`)).statusCode).toBe(404);
      expect((await coach.client.get(`/api/workout_log/${log}/comments`)).statusCode).toBe(404);
      expect(
        (await coach.client.post(`/api/workout_log/${log}/comments`, { body: 'Still here?' }))
          .statusCode,
      ).toBe(404);
      const library = await publicProgram();
      expect(
        (await coach.client.post(`/api/coach/clients/${linkId}/assign`, { program_id: library }))
          .statusCode,
      ).toBe(409);
      const list = (await coach.client.get('/api/coach/clients')).json<CoachClientList>();
      expect(list.items[0]).toMatchObject({ id: linkId, status: 'ended', recent_logs: [] });
      expect(list.items[0]!.program).toBeNull();
      // The member keeps the comments on their own log.
      const kept = (
        await client.client.get(`/api/workout_log/${log}/comments`)
      ).json<LogCommentList>();
      expect(kept.items.map((c) => c.body)).toEqual(['Nice.']);
      expect((await client.client.get('/api/coach/mine')).json<MyCoaching>().coaches).toEqual([]);
    }
  });

  it('lets the coach withdraw an invitation, not the member (who declines instead)', async () => {
    const coach = await withRole('coach');
    const m = await member(t);
    const link = (await invite(coach.client, m.user.id)).json<CoachClient>();
    expect((await m.client.delete(`/api/coach/clients/${link.id}`)).statusCode).toBe(409);
    expect((await coach.client.delete(`/api/coach/clients/${link.id}`)).statusCode).toBe(204);
    expect((await m.client.get('/api/coach/mine')).json<MyCoaching>().invitations).toEqual([]);
    expect((await m.client.post(`/api/coach/invitations/${link.id}/accept`)).statusCode).toBe(409);
  });
});
