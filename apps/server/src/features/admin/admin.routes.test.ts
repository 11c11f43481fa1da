import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDetail, AdminUserPage, AuditPage } from '@fitcoach/shared/admin';
import { openCable } from '../../plugins/cable/cable-test-client';
import { createOrPromoteAdmin } from '../auth/auth.service';
import {
  adminMember,
  createTestApp,
  member,
  TestClient,
  validSignUp,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The cable tests need a real socket.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

async function auditFor(targetId: number) {
  const res = await t.database.db.execute(
    sql`select * from audit_log where target_id = ${targetId} order by id`,
  );
  return (res as { rows: Record<string, unknown>[] }).rows;
}

async function me(client: TestClient) {
  return (await client.get('/api/auth/me')).json<{ user: { role: string } | null }>().user;
}

const send = (client: TestClient, method: 'DELETE', url: string, body: unknown) =>
  client.request(method, url, body);

describe('admin routes: who may call them', () => {
  it('answers 401 signed out and 403 to members and coaches, on every route', async () => {
    const plain = await member(t);
    const coach = await member(t);
    await t.database.db.execute(sql`update users set role = 'coach' where id = ${coach.user.id}`);
    t.app.ctx.changes.emit({ kind: 'member', id: coach.user.id });
    const target = await member(t);
    const id = target.user.id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${id}`],
      ['PUT', `/api/admin/users/${id}/role`, { role: 'admin' }],
      ['POST', `/api/admin/users/${id}/suspend`],
      ['POST', `/api/admin/users/${id}/reactivate`],
      ['DELETE', `/api/admin/users/${id}`, { confirm_email: target.user.email }],
      ['GET', `/api/admin/users/${id}/export`],
      ['GET', '/api/admin/audit'],
    ];
    const visitor = await new TestClient(t.app).begin();
    for (const [method, url, body] of calls) {
      const m = method as 'GET';
      expect((await visitor.request(m, url, body)).statusCode, url).toBe(401);
      for (const who of [plain, coach]) {
        const res = await who.client.request(m, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ error: 'forbidden', message: expect.any(String) });
      }
    }
    // Nothing happened to the target.
    expect(await me(target.client)).toMatchObject({ role: 'member' });
    expect(await auditFor(id)).toHaveLength(0);
  });

  it('needs the CSRF token for writes', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const target = await member(t);
    const res = await boss.client.post(`/api/admin/users/${target.user.id}/suspend`, undefined, {
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'invalid_csrf_token' });
  });
});

describe('GET /api/admin/users', () => {
  it('searches names and emails, a page at a time, newest first', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const tag = Math.random().toString(36).slice(2, 8);
    const a = await member(t, { name: `Zora ${tag}` });
    const b = await member(t, { name: `Yuri ${tag}` });
    const page = await boss.client.get(`/api/admin/users?q=${tag}&limit=1`);
    expect(page.statusCode).toBe(200);
    const first = page.json<AdminUserPage>();
    expect(first.items.map((u) => u.id)).toEqual([b.user.id]);
    expect(first.items[0]).toMatchObject({ role: 'member', status: 'active' });
    const next = await boss.client.get(
      `/api/admin/users?q=${tag}&limit=1&cursor=${first.next_cursor}`,
    );
    const second = next.json<AdminUserPage>();
    expect(second.items.map((u) => u.id)).toEqual([a.user.id]);
    expect(second.next_cursor).toBeNull();
    const byEmail = await boss.client.get(
      `/api/admin/users?q=${encodeURIComponent(a.user.email.toUpperCase())}`,
    );
    expect(byEmail.json<AdminUserPage>().items.map((u) => u.id)).toEqual([a.user.id]);
    // A % is a character, not a wildcard.
    expect(
      (await boss.client.get('/api/admin/users?q=%25%25%25')).json<AdminUserPage>().items,
    ).toHaveLength(0);
  });

  it('refuses NUL bytes, huge searches and bad cursors with 400, never a 500', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    for (const url of [
      '/api/admin/users?q=a%00b',
      `/api/admin/users?q=${'x'.repeat(5000)}`,
      '/api/admin/users?cursor=garbage',
      '/api/admin/users?limit=100000',
      '/api/admin/audit?action=user.nothing',
      '/api/admin/audit?actor_id=0x10',
      '/api/admin/users/abc',
    ]) {
      const res = await boss.client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message: expect.any(String) });
    }
    expect((await boss.client.get('/api/admin/users/2147483647')).statusCode).toBe(404);
  });

  it('shows one member with role, status, dates and counts', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const m = await member(t);
    const res = await boss.client.get(`/api/admin/users/${m.user.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<AdminUserDetail>();
    expect(detail).toMatchObject({
      id: m.user.id,
      email: m.user.email,
      role: 'member',
      status: 'active',
      suspended_at: null,
      counts: { workouts: 0, workout_logs: 0, friends: 0, sessions: 1 },
    });
    expect(Date.parse(detail.created_at)).not.toBeNaN();
  });
});

describe('PUT /api/admin/users/:id/role', () => {
  it('changes the role at once, with an audit row of before and after', async () => {
    const boss = await adminMember(t, { name: 'Boss One' });
    const m = await member(t);
    const res = await boss.client.put(`/api/admin/users/${m.user.id}/role`, { role: 'coach' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminUserDetail>().role).toBe('coach');
    // The member's cached session sees it on their very next request.
    expect(await me(m.client)).toMatchObject({ role: 'coach' });
    const rows = await auditFor(m.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: boss.user.id,
      actor_name: 'Boss One',
      action: 'user.role_changed',
      target_label: m.user.email,
      before: { role: 'member', status: 'active' },
      after: { role: 'coach', status: 'active' },
    });
    // The same role again changes nothing and writes nothing.
    await boss.client.put(`/api/admin/users/${m.user.id}/role`, { role: 'coach' });
    expect(await auditFor(m.user.id)).toHaveLength(1);
    const bad = await boss.client.put(`/api/admin/users/${m.user.id}/role`, { role: 'root' });
    expect(bad.statusCode).toBe(400);
  });

  it('never lets an admin demote, suspend or delete themselves', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const id = boss.user.id;
    const tries = [
      await boss.client.put(`/api/admin/users/${id}/role`, { role: 'member' }),
      await boss.client.post(`/api/admin/users/${id}/suspend`),
      await send(boss.client, 'DELETE', `/api/admin/users/${id}`, {
        confirm_email: boss.user.email,
      }),
    ];
    for (const res of tries) {
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/your own account/);
    }
    expect(await me(boss.client)).toMatchObject({ role: 'admin' });
    expect(await auditFor(id)).toHaveLength(0);
  });

  it('keeps one admin when two demote each other at the same moment', async () => {
    // Only these two admins may exist for the race to matter: a fresh installation.
    const solo = await createTestApp();
    try {
      const a = await member(solo, { name: 'A' });
      const b = await member(solo, { name: 'B' });
      await solo.database.db.execute(
        sql`update users set role = 'admin' where id in (${a.user.id}, ${b.user.id})`,
      );
      solo.app.ctx.changes.emit(
        { kind: 'member', id: a.user.id },
        { kind: 'member', id: b.user.id },
      );
      const [ra, rb] = await Promise.all([
        a.client.put(`/api/admin/users/${b.user.id}/role`, { role: 'member' }),
        b.client.put(`/api/admin/users/${a.user.id}/role`, { role: 'member' }),
      ]);
      const codes = [ra.statusCode, rb.statusCode].sort();
      // The second finds its actor no longer an admin.
      expect(codes).toEqual([200, 403]);
      const admins = await solo.database.db.execute(
        sql`select count(*)::int as n from users where role = 'admin' and suspended_at is null`,
      );
      expect((admins as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    } finally {
      await solo.close();
    }
  });
});

describe('suspension', () => {
  it('ends the member’s sessions and sockets at once and blocks sign-in until reactivated', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const password = validSignUp.password;
    const m = await member(t);
    const second = await new TestClient(t.app).begin();
    expect(
      (await second.post('/api/auth/sign_in', { email: m.user.email, password })).statusCode,
    ).toBe(200);
    const cable = await openCable(t.app, m.client);
    await cable.ofType('welcome');
    expect(await me(m.client)).not.toBeNull();

    const res = await boss.client.post(`/api/admin/users/${m.user.id}/suspend`);
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminUserDetail>()).toMatchObject({
      status: 'suspended',
      counts: { sessions: 0 },
    });
    // Both browsers are signed out on their next request; the socket is told and closed.
    expect(await me(m.client)).toBeNull();
    expect(await me(second)).toBeNull();
    expect(await cable.ofType('disconnect')).toMatchObject({ reason: 'unauthorized' });
    await cable.closed;
    expect((await m.client.get('/api/friends')).statusCode).toBe(401);

    const again = await new TestClient(t.app).begin();
    const refused = await again.post('/api/auth/sign_in', { email: m.user.email, password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'account_suspended',
      message: expect.stringMatching(/suspended/),
    });
    // A wrong password still says only that the credentials are wrong.
    const wrong = await again.post('/api/auth/sign_in', {
      email: m.user.email,
      password: 'nope-nope-nope',
    });
    expect(wrong.statusCode).toBe(401);

    const back = await boss.client.post(`/api/admin/users/${m.user.id}/reactivate`);
    expect(back.json<AdminUserDetail>().status).toBe('active');
    expect(
      (await again.post('/api/auth/sign_in', { email: m.user.email, password })).statusCode,
    ).toBe(200);
    const actions = (await auditFor(m.user.id)).map((r) => r.action);
    expect(actions).toEqual(['user.suspended', 'user.reactivated']);
  });

  it('a suspended admin can no longer act as one', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const other = await adminMember(t, { name: 'Admin Person' });
    const victim = await member(t);
    await boss.client.post(`/api/admin/users/${other.user.id}/suspend`);
    // The suspended admin's session is gone (401); even a session that slipped through would
    // find its actor not an active admin inside the transaction.
    const res = await other.client.post(`/api/admin/users/${victim.user.id}/suspend`);
    expect([401, 403]).toContain(res.statusCode);
    expect(await me(victim.client)).not.toBeNull();
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('needs the member’s email typed, then removes the account and its data', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const m = await member(t);
    await m.client.post('/api/game_stats', {
      vs_name: 'Eastside Eagles',
      game_date: '2026-01-10',
      sport: 'basketball',
      points: 12,
    });
    const url = `/api/admin/users/${m.user.id}`;
    const wrong = await send(boss.client, 'DELETE', url, { confirm_email: 'someone@else.org' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      error: 'unprocessable',
      issues: [{ path: 'confirm_email', message: expect.any(String) }],
    });
    for (const confirm_email of ['a\u0000b', 'x'.repeat(100_000)]) {
      const res = await send(boss.client, 'DELETE', url, { confirm_email });
      expect([400, 413]).toContain(res.statusCode);
    }
    expect(await auditFor(m.user.id)).toHaveLength(0);

    const ok = await send(boss.client, 'DELETE', url, {
      confirm_email: ` ${m.user.email.toUpperCase()} `,
    });
    expect(ok.statusCode).toBe(204);
    expect(await me(m.client)).toBeNull();
    const left = await t.database.db.execute(sql`
      select (select count(*) from users where id = ${m.user.id})::int as users,
             (select count(*) from game_stats where user_id = ${m.user.id})::int as games,
             (select count(*) from sessions where user_id = ${m.user.id})::int as sessions`);
    expect((left as { rows: unknown[] }).rows[0]).toEqual({
      users: 0,
      games: 0,
      sessions: 0,
    });
    expect((await boss.client.get(url)).statusCode).toBe(404);
    // The deletion stays on record after the account is gone.
    const rows = await auditFor(m.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'user.deleted',
      target_label: m.user.email,
      before: { role: 'member', status: 'active' },
      after: null,
    });
  });
});

describe('GET /api/admin/users/:id/export', () => {
  it('downloads the member’s own data and nothing of anyone else’s', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const a = await member(t, { name: 'Exported Member' });
    const b = await member(t, { name: 'Someone Else' });
    for (const [who, vs_name] of [
      [a, 'Team of A'],
      [b, 'Team of B'],
    ] as const) {
      const res = await who.client.post('/api/game_stats', {
        vs_name,
        game_date: '2026-01-10',
        sport: 'volleyball',
        points: 3,
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await boss.client.get(`/api/admin/users/${a.user.id}/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.json"/);
    const data = res.json<Record<string, unknown>>();
    expect(data.profile).toMatchObject({ id: a.user.id, email: a.user.email });
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(res.body).not.toMatch(/argon|\$scrypt|password_hash/i);
    expect(data.game_stats).toEqual([expect.objectContaining({ vs_name: 'Team of A' })]);
    expect(res.body).not.toContain('Team of B');
    expect(res.body).not.toContain(b.user.email);
    expect(res.body).not.toContain('Someone Else');
    expect((await auditFor(a.user.id)).map((r) => r.action)).toEqual(['user.exported']);
  });

  it('includes the member’s teams and their rows of team game stats', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const a = await member(t, { name: 'Team Captain' });
    const team = await a.client.post('/api/team', {
      name: 'Export Hawks',
      sport: 'basketball',
      season: '2026',
    });
    expect(team.statusCode, team.body).toBe(201);
    const teamId = team.json<{ id: number }>().id;
    const game = await a.client.post('/api/team/stats', {
      team_id: teamId,
      stats: [
        {
          vs_name: 'Bulls',
          game_date: '2026-01-10',
          player_id: a.user.id,
          two_point_fg_attempted: 4,
          two_point_fg_made: 3,
        },
      ],
    });
    expect(game.statusCode, game.body).toBe(201);
    const res = await boss.client.get(`/api/admin/users/${a.user.id}/export`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<Record<string, unknown>>();
    expect(data.team_members).toEqual([
      expect.objectContaining({ team_id: teamId, user_id: a.user.id, role: 'owner' }),
    ]);
    expect(data.team_game_stats).toEqual([
      expect.objectContaining({ player_id: a.user.id, two_point_fg_made: 3, total_points: 6 }),
    ]);
  });
});

describe('GET /api/admin/audit', () => {
  it('pages and filters by actor, action and target', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const other = await adminMember(t, { name: 'Admin Person' });
    const m = await member(t);
    await boss.client.put(`/api/admin/users/${m.user.id}/role`, { role: 'coach' });
    await other.client.post(`/api/admin/users/${m.user.id}/suspend`);
    await boss.client.post(`/api/admin/users/${m.user.id}/reactivate`);

    const byTarget = (
      await boss.client.get(`/api/admin/audit?target_id=${m.user.id}&limit=2`)
    ).json<AuditPage>();
    expect(byTarget.items.map((e) => e.action)).toEqual(['user.reactivated', 'user.suspended']);
    const rest = (
      await boss.client.get(
        `/api/admin/audit?target_id=${m.user.id}&limit=2&cursor=${byTarget.next_cursor}`,
      )
    ).json<AuditPage>();
    expect(rest.items.map((e) => e.action)).toEqual(['user.role_changed']);
    expect(rest.next_cursor).toBeNull();

    const byActor = (
      await boss.client.get(`/api/admin/audit?actor_id=${other.user.id}`)
    ).json<AuditPage>();
    expect(byActor.items.map((e) => [e.action, e.target_id])).toEqual([
      ['user.suspended', m.user.id],
    ]);
    const byAction = (
      await boss.client.get(`/api/admin/audit?action=user.role_changed&target_id=${m.user.id}`)
    ).json<AuditPage>();
    expect(byAction.items).toHaveLength(1);
    expect(byAction.items[0]).toMatchObject({
      actor_id: boss.user.id,
      before: { role: 'member' },
      after: { role: 'coach' },
    });
  });

  it('is append-only: the database refuses to change or remove a row', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const m = await member(t);
    await boss.client.put(`/api/admin/users/${m.user.id}/role`, { role: 'coach' });
    await expect(
      t.database.db.execute(sql`update audit_log set action = 'x' where target_id = ${m.user.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from audit_log where target_id = ${m.user.id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await auditFor(m.user.id)).toHaveLength(1);
  });

  it('writes the audit row in the action’s transaction: a failing audit undoes the action', async () => {
    const boss = await adminMember(t, { name: 'Admin Person' });
    const m = await member(t);
    // A check that refuses this one row makes the insert fail inside the transaction.
    await t.database.db.execute(
      sql.raw(
        `alter table audit_log add constraint audit_test_refuse check (target_id is distinct from ${m.user.id}) not valid`,
      ),
    );
    try {
      const res = await boss.client.post(`/api/admin/users/${m.user.id}/suspend`);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(await me(m.client)).not.toBeNull();
      const detail = (
        await boss.client.get(`/api/admin/users/${m.user.id}`)
      ).json<AdminUserDetail>();
      expect(detail.status).toBe('active');
    } finally {
      await t.database.db.execute(sql`alter table audit_log drop constraint audit_test_refuse`);
    }
  });
});

describe('other admin actions and role changes on record', () => {
  it('an announcement and a promotion from the command line each write a row', async () => {
    const boss = await adminMember(t, { name: 'Announcer' });
    const sent = await boss.client.post('/api/notifications/announcements', {
      title: 'Gym closed Monday',
      body: 'Back on Tuesday.',
    });
    expect(sent.statusCode).toBe(201);
    const page = (
      await boss.client.get(`/api/admin/audit?actor_id=${boss.user.id}&action=announcement.sent`)
    ).json<AuditPage>();
    expect(page.items[0]).toMatchObject({
      actor_name: 'Announcer',
      target_type: 'announcement',
      target_label: 'Gym closed Monday',
      after: { title: 'Gym closed Monday', body: 'Back on Tuesday.' },
    });

    const m = await member(t);
    await createOrPromoteAdmin(t.database.db, {
      email: m.user.email,
      password: 'a long new password',
    });
    const rows = await auditFor(m.user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        actor_id: null,
        action: 'user.role_changed',
        before: { role: 'member' },
        after: { role: 'admin' },
      }),
    ]);
  });
});
